/// <reference lib="dom" />
import { h } from "./dom.ts";
import { ApiFailure, apiBlob, assetPath, type Asset, type Priority } from "./api.ts";
import { renderModelPreview } from "../../gen/model-preview.ts";
import type { Rgba } from "../../media/png.ts";
import { planModel, splitId, type Json, type Load } from "../../pack/model-refs.ts";

/** Decodes a PNG through the browser into the project's Rgba shape, so the server's renderer draws it unchanged. */
async function rgbaOf(blob: Blob): Promise<Rgba> {
  const bmp = await createImageBitmap(blob);
  const c = new OffscreenCanvas(bmp.width, bmp.height);
  const g = c.getContext("2d")!;
  g.drawImage(bmp, 0, 0);
  const d = g.getImageData(0, 0, bmp.width, bmp.height);
  return { width: d.width, height: d.height, data: new Uint8Array(d.data.buffer) };
}

/**
 * A neutral grey checker for what the pack does not hold (the game's own textures, or a slot with no
 * texture): the renderer's magenta would read as "broken" for a perfectly fine vanilla reference.
 */
const CHECKER: Rgba = (() => {
  const data = new Uint8Array(16 * 16 * 4);
  for (let y = 0; y < 16; y++)
    for (let x = 0; x < 16; x++) {
      const v = ((x >> 2) + (y >> 2)) % 2 ? 139 : 104;
      data.set([v, v, v, 255], (y * 16 + x) * 4);
    }
  return { width: 16, height: 16, data };
})();

/**
 * Shared lookups: a grid of models mostly names the same parents and textures, so each file is fetched once
 * per half minute (a regenerated file is seen again after that).
 */
const cache = new Map<string, { at: number; file: Promise<Blob | null> }>();
const FRESH_MS = 30_000;
/** Files (and misses) a page's list_thumbnails answer brought: kept until the next answer replaces them. */
const primed = new Map<string, Blob | null>();
const fileKey = (pack: string, kind: string, name: string) => `${pack}\n${kind}\n${name}`;

export interface InlineFile {
  kind: string;
  name: string;
  contentType: string;
  base64?: string;
}

/**
 * What list_thumbnails sent for a page's models (their chains, their textures, the page's own images) and
 * what it found the pack does not hold: previews drawn from these ask the server nothing more.
 */
export function primeModelFiles(pack: string, files: InlineFile[], notHeld: { kind: string; name: string }[]): void {
  for (const f of files)
    if (f.base64 !== undefined)
      primed.set(
        fileKey(pack, f.kind, f.name),
        new Blob([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], { type: f.contentType }),
      );
  for (const m of notHeld) primed.set(fileKey(pack, m.kind, m.name), null);
}

/** Files by kind and name: what a page brought first, then the server (a preview waits its turn for budget). */
function loaderFor(pack: string, priority: Priority): Load {
  return (kind, name) => {
    const key = fileKey(pack, kind, name);
    if (primed.has(key)) return Promise.resolve(primed.get(key)!);
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < FRESH_MS) return hit.file;
    // Not in the pack (404) or not ready yet (409): the reference is drawn as not held.
    const file = apiBlob(assetPath(pack, kind, name), priority).catch((e) => {
      if (e instanceof ApiFailure && (e.status === 404 || e.status === 409)) return null;
      cache.delete(key);
      throw e;
    });
    cache.set(key, { at: Date.now(), file });
    return file;
  };
}

export interface Prepared {
  model: Json;
  textures: Record<string, Rgba>;
  /** Texture or model ids drawn as the grey checker because the pack does not hold them. */
  notHeld: string[];
  /** For an item definition: the model it selects. */
  through: string | null;
}

/** The asset's JSON made drawable: item definitions through their model, parents followed, textures loaded. */
export async function prepareModel(
  pack: string,
  a: Pick<Asset, "kind" | "name">,
  priority: Priority = "person",
): Promise<Prepared> {
  const load = loaderFor(pack, priority);
  const file = await load("model", a.name);
  if (!file) throw new Error(`${a.name} is not in the pack`);
  const own = JSON.parse(typeof file === "string" ? file : await file.text()) as Json;
  const { model, through, outsideParent, slots } = await planModel(own, pack, load);
  const notHeld = new Set<string>(outsideParent ? [outsideParent] : []);
  const textures: Record<string, Rgba> = {};
  await Promise.all(
    slots.map(async ({ key, id, file }) => {
      if (file) {
        try {
          textures[key] = await rgbaOf(file);
          return;
        } catch {}
      }
      textures[key] = CHECKER;
      notHeld.add(id ?? `#${key} (no texture)`);
    }),
  );
  return { model, textures, notHeld: [...notHeld].sort(), through };
}

/** What the grey checker stands for, in words: the game's own files, and anything else the pack lacks. */
function notHeldWords(ids: string[]): string {
  const game = ids.filter((id) => !id.startsWith("#") && splitId(id)[0] === "minecraft");
  const missing = ids.filter((id) => !game.includes(id));
  const parts = [
    game.length ? `the game's own, not in this pack: ${game.join(", ")}` : "",
    missing.length ? `missing from the pack: ${missing.join(", ")}` : "",
  ].filter(Boolean);
  return parts.length ? `Grey checker: ${parts.join("; ")}` : "";
}

/** Zoom steps: the wheel and +/- walk these; 1 fits the whole model. */
const ZOOMS = [1, 1.5, 2, 3, 4];

/** An isometric view that turns (buttons, arrow keys, dragging) and zooms (wheel, +/- keys and buttons). */
export async function modelView(pack: string, a: Asset, size: number, large = false): Promise<HTMLElement> {
  // The detail view is the person's own request; a grid card is a preview and waits its turn.
  const { model, textures, notHeld, through } = await prepareModel(pack, a, large ? "person" : "preview");
  const label = a.displayName ?? a.name;
  const outside = notHeldWords(notHeld);
  const canvas = h("canvas", {
    width: size,
    height: size,
    class: "model pixelated",
    tabindex: 0,
    role: "img",
    title: outside || undefined,
    "data-not-held": notHeld.join(" "),
    "aria-label": `3D view of ${label}${through ? ` through ${through}` : ""}; left and right arrow keys turn it, plus and minus zoom`,
  });
  let yaw = 45;
  let zoom = 0;
  const draw = () => {
    // Zoomed: drawn bigger and the middle shown, so the renderer's fit-to-frame stays as it is.
    const full = Math.round(size * ZOOMS[zoom]);
    const img = renderModelPreview(model, textures, { size: full, yaw, pitch: 30 });
    const off = Math.round((full - size) / 2);
    const g = canvas.getContext("2d")!;
    g.clearRect(0, 0, size, size);
    g.putImageData(
      new ImageData(new Uint8ClampedArray(img.data.buffer as ArrayBuffer), full, full),
      -off,
      -off,
      off,
      off,
      size,
      size,
    );
    canvas.dataset.zoom = String(ZOOMS[zoom]);
  };
  const turn = (deg: number) => {
    yaw = (yaw + deg + 360) % 360;
    draw();
  };
  const zoomBy = (step: number) => {
    const next = Math.min(ZOOMS.length - 1, Math.max(0, zoom + step));
    if (next !== zoom) (zoom = next), draw();
  };
  canvas.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      turn(e.key === "ArrowLeft" ? -15 : 15);
    } else if (e.key === "+" || e.key === "=" || e.key === "-") {
      e.preventDefault();
      zoomBy(e.key === "-" ? -1 : 1);
    }
  });
  // The wheel zooms in the detail view only: on a grid card it would stop the page from scrolling.
  if (large)
    canvas.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        if (e.deltaY) zoomBy(e.deltaY < 0 ? 1 : -1);
      },
      { passive: false },
    );
  let dragX: number | null = null;
  canvas.addEventListener("pointerdown", (e) => ((dragX = e.clientX), canvas.setPointerCapture(e.pointerId)));
  canvas.addEventListener("pointermove", (e) => {
    if (dragX === null) return;
    turn((e.clientX - dragX) * 0.8);
    dragX = e.clientX;
  });
  canvas.addEventListener("pointerup", () => (dragX = null));
  draw();
  const button = (text: string, name: string, onclick: () => void) =>
    h("button", { type: "button", class: "small", onclick, "aria-label": `${name} ${label}` }, text);
  return h(
    "div",
    { class: "model-view" },
    canvas,
    h(
      "div",
      { class: "turns" },
      button("⟲", "Turn left:", () => turn(-45)),
      button("⟳", "Turn right:", () => turn(45)),
      large ? button("−", "Zoom out:", () => zoomBy(-1)) : null,
      large ? button("+", "Zoom in:", () => zoomBy(1)) : null,
    ),
    large && through ? h("p", { class: "meta" }, "Drawn through ", h("code", {}, through)) : null,
    large && outside ? h("p", { class: "meta not-held" }, outside) : null,
  );
}
