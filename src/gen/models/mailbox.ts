/** Mailbox: a rounded box with a flag, on a post. */
import { box, type ModelTemplate } from "./kit.ts";

export const mailbox: ModelTemplate = {
  name: "mailbox",
  words: ["mailbox", "mailboxes", "postbox", "letterbox"],
  slots: {
    box: { kind: "metal", material: "blue concrete" },
    post: { kind: "wood", material: "oak planks" },
    flag: { kind: "cloth", material: "red wool" },
  },
  build(c) {
    const top = c.int(9, 11);
    return [
      box([7, 0, 7], [9, top, 9], "post"),
      box([4, top, 3], [12, top + 5, 13], "box"),
      box([5, top + 5, 3], [11, top + 6, 13], "box"),
      box([12, top + 2, 9], [12.5, top + 6, 10], "flag"),
      box([12, top + 5, 10], [12.5, top + 6, 12], "flag"),
    ];
  },
};
