/// <reference lib="dom" />
import { h } from "./dom.ts";

/** No view past this edge: a 128 px sheet stops at 16x, a 16 px sprite at 32x. */
const MAX_EDGE = 2048;
const MAX_SCALE = 32;

export interface PixelViewOptions {
  /** The scale it opens at (whole number). */
  start: number;
  /** Drawn inside an inventory slot's frame, the way the game shows an item. */
  slot?: boolean;
}

/**
 * A picture at whole-number scales only (every texel becomes k×k screen pixels, never a blur or an uneven
 * column), zoomed with the wheel, the +/- keys on the focused view, or the buttons. The view scrolls inside
 * itself, so a big zoom never widens the page.
 */
export function pixelView(img: HTMLImageElement, label: string, opts: PixelViewOptions): HTMLElement {
  const w = img.naturalWidth,
    ht = img.naturalHeight;
  const max = Math.max(1, Math.min(MAX_SCALE, Math.floor(MAX_EDGE / Math.max(w, ht))));
  let scale = Math.min(max, Math.max(1, Math.round(opts.start)));
  img.className = "pixelated";
  img.alt = `${label}, ${w}×${ht}`;
  const frame = opts.slot ? h("span", { class: "inv-slot" }, img) : img;
  const shown = h("output", { class: "zoom-level", "aria-live": "polite" });
  const view = h(
    "div",
    {
      class: "pixel-view",
      tabindex: 0,
      role: "group",
      "aria-label": `${label} at whole-number zoom; plus and minus keys or the mouse wheel zoom`,
    },
    frame,
  );
  const draw = () => {
    img.width = w * scale;
    img.height = ht * scale;
    // The slot's border is one GUI pixel, and the item fills 16 GUI pixels, as in the game's inventory.
    if (opts.slot) frame.style.borderWidth = `${Math.max(1, Math.round((w * scale) / 16))}px`;
    view.dataset.scale = String(scale);
    shown.textContent = `${scale}×`;
    out.disabled = scale <= 1;
    inn.disabled = scale >= max;
  };
  const zoomBy = (step: number) => {
    const next = Math.min(max, Math.max(1, scale + step));
    if (next !== scale) (scale = next), draw();
  };
  view.addEventListener("keydown", (e) => {
    if (e.key === "+" || e.key === "=" || e.key === "-") {
      e.preventDefault();
      zoomBy(e.key === "-" ? -1 : 1);
    }
  });
  view.addEventListener(
    "wheel",
    (e) => {
      if (!e.deltaY) return;
      e.preventDefault();
      zoomBy(e.deltaY < 0 ? 1 : -1);
    },
    { passive: false },
  );
  const out = h(
    "button",
    { type: "button", class: "small", onclick: () => zoomBy(-1), "aria-label": `Zoom out: ${label}` },
    "−",
  );
  const inn = h(
    "button",
    { type: "button", class: "small", onclick: () => zoomBy(1), "aria-label": `Zoom in: ${label}` },
    "+",
  );
  draw();
  return h("figure", { class: "pixel-figure" }, view, h("figcaption", { class: "turns" }, out, shown, inn));
}
