/// <reference lib="dom" />
import { h, fill, errorBox, showError, formatBytes, whileBusy } from "./dom.ts";
import { api, assetPath, type Asset, type Pack } from "./api.ts";
import { drawPreview, fileUrl, loadImage, lookOf, spriteScale } from "./previews.ts";
import { pixelView } from "./pixel-view.ts";
import { hudStrip } from "./hud-strip.ts";

const EXTENSION: Record<Asset["kind"], string> = { texture: "png", font: "png", model: "json", sound: "ogg" };

/** A download name for the file: the last part of the asset's name, with the kind's extension. */
export const fileName = (a: Pick<Asset, "kind" | "name">) =>
  `${a.name.replace(/^.*[:/]/, "") || "asset"}.${EXTENSION[a.kind]}`;

/**
 * The asset dialog: its pictures at whole-number zoom (GUI sheets at 2x, HUD sheets in a mock hotbar, items
 * in an inventory slot), its facts, and what can be done with it. `changed` runs after a delete.
 */
export function openDetail(dialog: HTMLDialogElement, pack: Pack, a: Asset, changed: () => void): void {
  const label = a.displayName ?? a.name;
  const slot = h("div", { class: "preview large detail-preview" });
  const facts = h("dl", { class: "facts" });
  const err = errorBox();
  const fact = (term: string, value: string | Node) => facts.append(h("dt", {}, term), h("dd", {}, value));
  fact("Kind", a.kind);
  if (a.sizeBytes) fact("File size", formatBytes(a.sizeBytes));
  fact("Updated", when(a.updatedAt));

  const download = h("a", { class: "button", href: "#", download: fileName(a) }, "Download");
  void fileUrl(pack.slug, a).then((u) => download.setAttribute("href", u));
  const remove = h("button", { type: "button", class: "danger" }, "Delete…");
  remove.addEventListener("click", async () => {
    if (!confirm(`Delete ${label}? It leaves the pack and the next export; this cannot be undone.`)) return;
    try {
      await whileBusy(remove, () => api("DELETE", assetPath(pack.slug, a.kind, a.name)));
      dialog.close();
      changed();
    } catch (x) {
      showError(err, x);
    }
  });

  fill(
    dialog,
    h("h2", { id: "detail-title" }, label),
    h("p", { class: "meta" }, h("code", {}, a.id)),
    a.prompt ? h("p", {}, a.prompt) : null,
    slot,
    facts,
    err,
    h(
      "div",
      { class: "detail-actions" },
      download,
      remove,
      h("form", { method: "dialog" }, h("button", { type: "submit" }, "Close")),
    ),
  );
  void drawDetail(slot, pack.slug, a, (k, v) => fact(k, v));
  dialog.showModal();
}

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

/** The pictures of the dialog; images also say their pixel size through `fact`. */
async function drawDetail(
  slot: HTMLElement,
  pack: string,
  a: Asset,
  fact: (term: string, value: string) => void,
): Promise<void> {
  const look = lookOf(a);
  if (look === "model" || look === "sound" || a.status !== "ready") return drawPreview(slot, pack, a, true);
  const label = a.displayName ?? a.name;
  try {
    const url = await fileUrl(pack, a);
    const img = await loadImage(url);
    const w = img.naturalWidth,
      ht = img.naturalHeight;
    fact("Pixels", `${w}×${ht}`);
    if (look === "sheet" && a.name.startsWith("hud:")) {
      const strip = hudStrip(img, a.name, label);
      fill(slot, strip, pixelView(img, label, { start: 1 }));
      return;
    }
    if (look === "sheet") return fill(slot, pixelView(img, label, { start: 2 }));
    if (look === "sprite") return fill(slot, pixelView(img, label, { start: spriteScale(w, true), slot: true }));
    if (look === "glyph") return fill(slot, pixelView(img, label, { start: spriteScale(w, true) }));
    // A block texture: itself, and how it tiles (3×3 at a whole-number scale).
    const k = Math.max(1, Math.floor(64 / Math.max(w, ht)));
    fill(
      slot,
      pixelView(img, label, { start: spriteScale(w, true) }),
      h("div", {
        class: "tiled pixelated",
        role: "img",
        "aria-label": `${label} tiled 3×3 at ${k}x`,
        style: {
          backgroundImage: `url("${url}")`,
          backgroundSize: `${w * k}px ${ht * k}px`,
          width: `${w * k * 3}px`,
          height: `${ht * k * 3}px`,
        },
      }),
    );
  } catch (e) {
    fill(slot, h("div", { class: "placeholder" }, `preview unavailable: ${(e as Error).message}`));
  }
}
