/// <reference lib="dom" />
import { h } from "./dom.ts";
import { apiBlob, assetPath, type Asset } from "./api.ts";
import { renderModelPreview } from "../../gen/model-preview.ts";
import type { Rgba } from "../../media/png.ts";

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
 * A model's own textures are stored as `model:<file>` assets and referenced as `<slug>:block/<file>`
 * (or item/); vanilla references have no picture here and draw as the renderer's magenta.
 */
async function texturesFor(pack: string, model: Record<string, any>): Promise<Record<string, Rgba>> {
  const out: Record<string, Rgba> = {};
  const refs = Object.values((model.textures ?? {}) as Record<string, unknown>).filter(
    (v): v is string => typeof v === "string" && !v.startsWith("#"),
  );
  await Promise.all(
    refs.map(async (ref) => {
      const m = /^([a-z0-9_.-]+):(?:block|item)\/(.+)$/.exec(ref);
      if (!m || m[1] !== pack) return;
      try {
        out[ref] = await rgbaOf(await apiBlob(assetPath(pack, "texture", `model:${m[2]}`)));
      } catch {}
    }),
  );
  return out;
}

/** An isometric view that turns: buttons, arrow keys on the canvas, or dragging. */
export async function modelView(pack: string, a: Asset, size: number): Promise<HTMLElement> {
  const model = JSON.parse(await (await apiBlob(assetPath(pack, a.kind, a.name))).text());
  const textures = await texturesFor(pack, model);
  const label = a.displayName ?? a.name;
  const canvas = h("canvas", {
    width: size,
    height: size,
    class: "model pixelated",
    tabindex: 0,
    role: "img",
    "aria-label": `3D view of ${label}; left and right arrow keys turn it`,
  });
  let yaw = 45;
  const draw = () => {
    const img = renderModelPreview(model, textures, { size, yaw, pitch: 30 });
    canvas
      .getContext("2d")!
      .putImageData(new ImageData(new Uint8ClampedArray(img.data.buffer as ArrayBuffer), size, size), 0, 0);
  };
  const turn = (deg: number) => {
    yaw = (yaw + deg + 360) % 360;
    draw();
  };
  canvas.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      turn(e.key === "ArrowLeft" ? -15 : 15);
    }
  });
  let dragX: number | null = null;
  canvas.addEventListener("pointerdown", (e) => ((dragX = e.clientX), canvas.setPointerCapture(e.pointerId)));
  canvas.addEventListener("pointermove", (e) => {
    if (dragX === null) return;
    turn((e.clientX - dragX) * 0.8);
    dragX = e.clientX;
  });
  canvas.addEventListener("pointerup", () => (dragX = null));
  draw();
  return h(
    "div",
    { class: "model-view" },
    canvas,
    h(
      "div",
      { class: "turns" },
      h(
        "button",
        { type: "button", class: "small", onclick: () => turn(-45), "aria-label": `Turn ${label} left` },
        "⟲",
      ),
      h(
        "button",
        { type: "button", class: "small", onclick: () => turn(45), "aria-label": `Turn ${label} right` },
        "⟳",
      ),
    ),
  );
}
