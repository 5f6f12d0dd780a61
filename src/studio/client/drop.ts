/// <reference lib="dom" />
import { h, uid } from "./dom.ts";

/**
 * A drop zone that is also a plain labelled file input, so it works with a mouse drag, the keyboard
 * (Tab to the input, Space to choose) and a screen reader alike.
 */
export function dropZone(opts: {
  label: string;
  accept?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}): HTMLElement {
  const id = uid("drop");
  const input = h("input", { id, type: "file", accept: opts.accept, multiple: opts.multiple ?? false });
  input.addEventListener("change", () => {
    if (input.files?.length) opts.onFiles([...input.files]);
    input.value = "";
  });
  const zone = h(
    "div",
    { class: "drop" },
    h("label", { for: id }, opts.label),
    input,
    h("span", { class: "drop-hint", "aria-hidden": "true" }, "or drop files here"),
  );
  const over = (on: boolean) => (e: DragEvent) => {
    e.preventDefault();
    zone.classList.toggle("over", on);
  };
  zone.addEventListener("dragenter", over(true));
  zone.addEventListener("dragover", over(true));
  zone.addEventListener("dragleave", over(false));
  zone.addEventListener("drop", (e) => {
    over(false)(e);
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) opts.onFiles(opts.multiple ? files : files.slice(0, 1));
  });
  return zone;
}
