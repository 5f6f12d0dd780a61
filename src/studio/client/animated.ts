/// <reference lib="dom" />
import { h } from "./dom.ts";
import type { Asset } from "./api.ts";

/** A game tick: frametime counts these. */
const TICK_MS = 50;

/**
 * An animation strip played as the game plays it: one frame every `frametime` ticks, top to bottom, looping;
 * `tiles` draws each frame 3×3 (a block texture is judged by how it tiles). Whole-number scale only. The
 * timer stops by itself once the canvas leaves the page. With reduced motion asked for, it shows the first
 * frame and plays only while hovered or focused.
 */
export function animatedView(
  img: HTMLImageElement,
  anim: NonNullable<Asset["animation"]>,
  label: string,
  scale: number,
  tiles = false,
): HTMLCanvasElement {
  const w = img.naturalWidth;
  const fh = anim.frameHeight || w;
  const copies = tiles ? 3 : 1;
  const canvas = h("canvas", {
    width: w * scale * copies,
    height: fh * scale * copies,
    class: "pixelated animated",
    role: "img",
    tabindex: 0,
    "aria-label": `${label}, animated: ${anim.frames} frames of ${w}×${fh}, ${anim.effect}, ${anim.frametime} ticks each${tiles ? ", tiled 3×3" : ""}`,
  });
  const ctx = canvas.getContext("2d")!;
  ctx.imageSmoothingEnabled = false;
  let frame = 0;
  const draw = () => {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    for (let y = 0; y < copies; y++)
      for (let x = 0; x < copies; x++)
        ctx.drawImage(img, 0, frame * fh, w, fh, x * w * scale, y * fh * scale, w * scale, fh * scale);
    canvas.dataset.frame = String(frame);
  };
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  let held = false;
  canvas.addEventListener("mouseenter", () => (held = true));
  canvas.addEventListener("mouseleave", () => (held = false));
  canvas.addEventListener("focus", () => (held = true));
  canvas.addEventListener("blur", () => (held = false));
  draw();
  const timer = setInterval(() => {
    if (!canvas.isConnected && frame > 0) return clearInterval(timer);
    if (still && !held) return;
    frame = (frame + 1) % anim.frames;
    draw();
  }, Math.max(1, anim.frametime) * TICK_MS);
  return canvas;
}
