/// <reference lib="dom" />
import { h, fill } from "./dom.ts";
import { apiBlob, assetPath, type Asset, type Priority } from "./api.ts";
import { modelView, type InlineFile } from "./model-view.ts";
import { animatedView } from "./animated.ts";

/** How an asset is drawn follows from its kind and its name's prefix (spec: storage mapping). */
export type Look = "block" | "sprite" | "sheet" | "glyph" | "sound" | "model";

export function lookOf(a: Pick<Asset, "kind" | "name">): Look {
  if (a.kind === "sound") return "sound";
  if (a.kind === "model") return "model";
  if (a.kind === "font") return "glyph";
  if (/^(gui|hud):/.test(a.name)) return "sheet";
  if (/^(item|model):/.test(a.name)) return "sprite";
  return "block";
}

/** Object URLs by asset id and version, so a poll that finds nothing new downloads nothing. */
const urls = new Map<string, Promise<string>>();

export function fileUrl(
  pack: string,
  a: Pick<Asset, "kind" | "name" | "updatedAt">,
  priority: Priority = "person",
): Promise<string> {
  const key = versionKey(pack, a);
  let u = urls.get(key);
  if (!u) {
    u = apiBlob(assetPath(pack, a.kind, a.name), priority).then((b) => URL.createObjectURL(b));
    u.catch(() => urls.delete(key));
    urls.set(key, u);
  }
  return u;
}

const versionKey = (pack: string, a: { kind: string; name: string; updatedAt: string }) =>
  `${pack}:${a.kind}:${a.name}@${a.updatedAt}`;

/** A ready image or model whose preview this page has not got yet (list_thumbnails brings them with the page). */
export function needsThumbnail(pack: string, a: Asset): boolean {
  const look = lookOf(a);
  return a.status === "ready" && look !== "sound" && (look === "model" || !urls.has(versionKey(pack, a)));
}

export interface Thumbnail extends InlineFile {
  updatedAt: string;
}

/** Files that came inline with a page (GET …/thumbnails): drawn from memory, no request per card. */
export function primeThumbnails(pack: string, list: Thumbnail[]): void {
  for (const t of list)
    if (t.base64 !== undefined)
      urls.set(versionKey(pack, t), Promise.resolve(`data:${t.contentType};base64,${t.base64}`));
}

export function loadImage(url: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = url;
  return img.decode().then(() => img);
}

/** Sprites and glyphs at 8x when small, 4x otherwise; never past `box` pixels unless `large`. */
export const spriteScale = (w: number, large: boolean) =>
  w <= 16 ? 8 : w <= 32 ? 4 : large ? 4 : Math.max(1, Math.floor(128 / w));

/**
 * Fills `slot` with the asset's preview. `large` is the detail view: sheets at 2x, models bigger.
 * Returns once the preview is drawn (or replaced by a message).
 */
export async function drawPreview(slot: HTMLElement, pack: string, a: Asset, large = false): Promise<void> {
  const label = a.displayName ?? a.name;
  if (a.status !== "ready") {
    fill(
      slot,
      h("div", { class: `placeholder placeholder-${a.status}` }, a.status === "error" ? "failed" : "working…"),
    );
    return;
  }
  const look = lookOf(a);
  try {
    if (look === "model") {
      fill(slot, await modelView(pack, a, large ? 320 : 160, large));
      return;
    }
    const url = await fileUrl(pack, a, large ? "person" : "preview");
    if (look === "sound") {
      fill(slot, h("audio", { controls: true, src: url, preload: "metadata", "aria-label": `Play ${label}` }));
      return;
    }
    const img = await loadImage(url);
    const w = img.naturalWidth,
      ht = img.naturalHeight;
    if (a.animation) {
      const k = look === "block" ? Math.max(1, Math.floor((large ? 128 : 64) / w)) : spriteScale(w, large);
      fill(slot, animatedView(img, a.animation, label, k, look === "block"));
      return;
    }
    if (look === "block") {
      // A block texture is judged by how it tiles: 3x3 copies, each at 4x (fitted when it is bigger than 16 px).
      const tile = large ? Math.min(w * 4, 128) : Math.min(w * 4, 64);
      fill(
        slot,
        h("div", {
          class: "tiled pixelated",
          role: "img",
          "aria-label": `${label}, ${w}×${ht} block texture tiled 3×3`,
          style: {
            backgroundImage: `url("${url}")`,
            backgroundSize: `${tile}px ${tile}px`,
            width: `${tile * 3}px`,
            height: `${tile * 3}px`,
          },
        }),
      );
      return;
    }
    const scale = look === "sheet" ? (large ? 2 : Math.min(1, 176 / w)) : spriteScale(w, large);
    img.className = "pixelated";
    img.alt = `${label}, ${w}×${ht}`;
    img.width = Math.round(w * scale);
    img.height = Math.round(ht * scale);
    fill(slot, img);
  } catch (e) {
    fill(slot, h("div", { class: "placeholder" }, `preview unavailable: ${(e as Error).message}`));
  }
}
