/**
 * A texture's `.png.mcmeta` animation section, by the game's rules: the strip splits into whole frames (square,
 * the image's narrow edge, unless `width`/`height` say otherwise), `frametime` is a whole number of ticks of at
 * least 1, `interpolate` a boolean, and every entry of `frames` names a frame the strip has (an index, or
 * `{index, time}` with its own tick count). A frame the strip lacks makes the game reject the texture.
 */
import { isObject } from "./files.ts";
import type { Findings } from "./report.ts";

const positiveInt = (v: unknown) => Number.isInteger(v) && (v as number) >= 1;

export function checkAnimation(
  path: string,
  size: { width: number; height: number },
  animation: Record<string, unknown>,
  out: Findings,
): void {
  const fw = positiveInt(animation.width) ? (animation.width as number) : Math.min(size.width, size.height);
  const fh = positiveInt(animation.height) ? (animation.height as number) : fw;
  if (size.width % fw !== 0 || size.height % fh !== 0) {
    out.error(
      "texture.animation",
      path,
      `a ${size.width}x${size.height} strip does not divide into ${fw}x${fh} frames`,
    );
    return;
  }
  const count = (size.width / fw) * (size.height / fh);
  if ("frametime" in animation && !positiveInt(animation.frametime))
    out.error(
      "texture.animation",
      path,
      `frametime must be a whole number of ticks, 1 or more (got ${JSON.stringify(animation.frametime)})`,
    );
  if ("interpolate" in animation && typeof animation.interpolate !== "boolean")
    out.error(
      "texture.animation",
      path,
      `interpolate must be true or false (got ${JSON.stringify(animation.interpolate)})`,
    );
  if (!("frames" in animation)) return;
  if (!Array.isArray(animation.frames)) {
    out.error("texture.animation", path, "frames must be a list of frame indices or {index, time} objects");
    return;
  }
  animation.frames.forEach((f, i) => {
    const index = isObject(f) ? f.index : f;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count)
      out.error(
        "texture.animation-frames",
        path,
        `frames[${i}] names frame ${JSON.stringify(index)}, but the strip has frames 0 to ${count - 1}`,
      );
    if (isObject(f) && "time" in f && !positiveInt(f.time))
      out.error("texture.animation", path, `frames[${i}].time must be a whole number of ticks, 1 or more`);
  });
}
