/// <reference lib="dom" />
import { h, fill, errorBox, showError, formatBytes, plural, whileBusy } from "./dom.ts";
import { ApiFailure } from "./api.ts";
import { bodySchema } from "./schema-form.ts";
import { api, assetPath, type Asset, type Pack } from "./api.ts";
import { drawPreview, fileUrl, loadImage, lookOf, spriteScale } from "./previews.ts";
import { pixelView } from "./pixel-view.ts";
import { animatedView } from "./animated.ts";
import { hudStrip } from "./hud-strip.ts";
import { editPanel, isEditable } from "./edit-panel.ts";

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

  const again = h("button", { type: "button", hidden: true }, "Regenerate…");
  void api<{ details?: Details }>("GET", `/jobs/${encodeURIComponent(a.id)}`)
    .then(async ({ details: d }) => {
      if (!d) return;
      fact("Created", when(d.createdAt));
      fact("Source", d.source);
      if (d.seed !== undefined) fact("Seed", String(d.seed));
      if (d.char !== undefined) fact("Character", d.char === null ? "assigned on export" : charName(d.char));
      if (d.source !== "generated" || !d.generation || !a.prompt) return;
      const cost = await costOf(d.generation);
      again.textContent =
        cost === null ? "Regenerate with a new seed" : `Regenerate with a new seed (${plural(cost, "credit")})`;
      again.hidden = false;
      again.onclick = () =>
        void whileBusy(again, () => regenerate(pack, a, d, dialog, changed)).catch((x) => showError(err, x));
    })
    .catch((x) => showError(err, x));

  fill(
    dialog,
    h("h2", { id: "detail-title" }, label),
    h("p", { class: "meta" }, h("code", {}, a.id)),
    a.prompt ? h("p", {}, a.prompt) : null,
    slot,
    facts,
    err,
    isEditable(a)
      ? editPanel(pack, a, (after) => {
          // The edited asset in its place: the grid refreshed, the dialog drawn again with the new file.
          dialog.close();
          changed();
          openDetail(dialog, pack, after, changed);
        })
      : null,
    h(
      "div",
      { class: "detail-actions" },
      download,
      again,
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
    if (a.animation) {
      // The strip as stored, zoomable, and the animation playing (a block texture tiled 3×3).
      fact("Animation", `${a.animation.effect}, ${a.animation.frames} frames, ${a.animation.frametime} ticks each`);
      const k = look === "block" ? Math.max(1, Math.floor(64 / w)) : spriteScale(w, true);
      return fill(
        slot,
        animatedView(img, a.animation, label, k, look === "block"),
        pixelView(img, `${label} strip`, { start: 2 }),
      );
    }
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

/** GET /jobs/{job} `details`: where the asset came from and how to make it again. */
interface Details {
  source: string;
  createdAt: string;
  seed?: number;
  generation?: string;
  options?: Record<string, unknown>;
  char?: string | null;
}

/** "♥ (U+2665)": the character and its code point, since many icon characters are private-use and invisible. */
const charName = (c: string) => `${c} (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`;

let costs: Promise<Record<string, number>> | null = null;
async function costOf(generation: string): Promise<number | null> {
  costs ??= api("GET", "/account").then((r) => r.costs ?? {});
  return (await costs.catch(() => ({}) as Record<string, number>))[generation] ?? null;
}

/**
 * The same generation again with a new seed: the recorded prompt and options, re-POSTed. A reskin of a
 * game texture has one name per target, so the server refuses a second one (conflict): after a confirm the
 * current one is deleted and made again in its place.
 */
async function regenerate(
  pack: Pack,
  a: Asset,
  d: Details,
  dialog: HTMLDialogElement,
  changed: () => void,
): Promise<void> {
  const path = `/packs/{pack}/${d.generation}s`;
  const schema = await bodySchema("POST", `/v1${path}`);
  const body: Record<string, unknown> = { prompt: a.prompt };
  for (const [k, v] of Object.entries(d.options ?? {}))
    if (k in schema.properties && v !== null && v !== undefined) body[k] = v;
  if (a.displayName && "name" in schema.properties && body.name === undefined) body.name = a.displayName;
  body.seed = newSeed(d.seed);
  const url = path.replace("{pack}", encodeURIComponent(pack.slug));
  try {
    await api("POST", url, body);
  } catch (x) {
    if (!(x instanceof ApiFailure && x.code === "conflict")) throw x;
    const label = a.displayName ?? a.name;
    if (!confirm(`${label} replaces a game texture, and a pack holds one of each. Delete it and make it again?`))
      return;
    await api("DELETE", assetPath(pack.slug, a.kind, a.name));
    await api("POST", url, body);
  }
  dialog.close();
  changed();
}

/** A random 31-bit seed, never the one it had. */
function newSeed(old?: number): number {
  for (;;) {
    const s = crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
    if (s !== old) return s;
  }
}
