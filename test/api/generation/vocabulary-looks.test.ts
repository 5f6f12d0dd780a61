/**
 * The vocabulary lists the looks (style, era, place and taste words: art/looks.ts) for each kind over REST and
 * MCP alike, and every word it lists is read as its look: a job with the word reports the look's effects and
 * its path in `via`, and the picture with the word differs from the picture without it.
 */
import { describe, expect, test } from "bun:test";
import { generationSession } from "../../support/generation-session.ts";
import { waitJob } from "../../support/jobs.ts";
import { toolOk } from "../../support/mcp.ts";
import { fileOf, generate } from "../../support/generation.ts";
import { interpret } from "../../../src/gen/interpret/read.ts";
import { itemRgba } from "../../../src/gen/item.ts";
import { LOOK_TABLE, type LookName } from "../../../src/gen/art/looks.ts";
import { drawsFlavour } from "../../../src/gen/interpret/flavour.ts";
import type { ArtKind } from "../../../src/gen/interpret/spec.ts";

const session = generationSession("stylist", "Looks", 50);

interface Look {
  look: string;
  does: string;
  effects: string[];
  words: string[];
}

const vocabulary = async (kind: string) =>
  (await (await session.ts.call("GET", `/v1/vocabulary?kind=${kind}`, { key: session.me.key })).json()) as any;

describe("looks in the vocabulary", () => {
  test("each kind lists the looks it paints, with the effects it paints for them; MCP answers the same", async () => {
    const items = await vocabulary("item");
    const looks = items.kinds.item.looks as Look[];
    expect(looks.map((l) => l.look)).toEqual(expect.arrayContaining(["aged", "regal", "hightech", "domestic"]));
    const aged = looks.find((l) => l.look === "aged")!;
    expect(aged.effects).toEqual(["worn"]);
    expect(aged.words).toEqual(expect.arrayContaining(["medieval", "viking", "middle ages", "castle"]));
    expect(aged.does.length).toBeGreaterThan(10);
    expect(await toolOk(session.client, "get_vocabulary", { kind: "item" })).toEqual(items);
    // Every effect a look lists is an effect the kind lists.
    for (const kind of ["item", "texture", "gui", "model"]) {
      const v = (await vocabulary(kind)).kinds[kind];
      const effects = new Set(v.effects.map((e: { effect: string }) => e.effect));
      for (const l of v.looks as Look[])
        for (const e of l.effects) expect({ kind, e, ok: effects.has(e) }).toEqual({ kind, e, ok: true });
    }
    // Each kind lists the look's flavours its painter draws (interpret/flavour.ts drawsFlavour), in the look's order.
    for (const kind of ["item", "texture", "gui", "hud", "model", "icon"]) {
      const looks = (await vocabulary(kind)).kinds[kind].looks as Look[];
      for (const l of looks) {
        const drawn = LOOK_TABLE[l.look as LookName].flavours.filter((f) => drawsFlavour(kind as ArtKind, f));
        expect({ kind, look: l.look, effects: l.effects }).toEqual({ kind, look: l.look, effects: drawn });
      }
    }
    // Sounds draw no flavour, so no look.
    expect((await vocabulary("sound")).kinds.sound.looks).toEqual([]);
  });

  test("every listed word is read as its look, and words of every look change the picture", async () => {
    const looks = (await vocabulary("item")).kinds.item.looks as Look[];
    const plain = itemRgba({ prompt: "sword", seed: 5, size: 16 });
    for (const l of looks) {
      // Every word through the whole interpreter: the look's effects reported, the word not left unmatched.
      for (const word of l.words) {
        const read = interpret("item", `${word} sword`);
        const left = read.unmatched.filter((u) => word.split(" ").includes(u));
        const missing = l.effects.filter((e) => !read.effects?.includes(e));
        expect({ look: l.look, word, left, missing }).toEqual({ look: l.look, word, left: [], missing: [] });
      }
      // The look's own first word and two WordNet words from its list, painted.
      const sample = [l.words[0], l.words[Math.floor(l.words.length / 2)], l.words[l.words.length - 1]];
      for (const word of new Set(sample)) {
        const styled = itemRgba({ prompt: `${word} sword`, seed: 5, size: 16 });
        const differs = !Buffer.from(plain.data).equals(Buffer.from(styled.data));
        expect({ word, differs }).toEqual({ word, differs: true });
      }
    }
  });

  test("a job with a listed look word reports its effects and path over REST", async () => {
    const a = await generate(session.ts, session.me.key, session.pack, "items", {
      prompt: "steampunk sword",
      name: "steam",
      seed: 2,
    });
    expect(a.status).toBe(202);
    const industrial = ((await vocabulary("item")).kinds.item.looks as Look[]).find((l) => l.look === "industrial")!;
    expect(industrial.words).toContain("steampunk");
    expect(a.body.interpretation.effects).toEqual(expect.arrayContaining(industrial.effects));
    expect(a.body.interpretation.via).toContainEqual(["steampunk", "industrial"]);
    await waitJob(session.ts, session.me.key, a.body.job, 30_000);
    expect((await fileOf(session.ts, session.me.key, session.pack, "texture", a.body.id)).length).toBeGreaterThan(0);
  });
});
