import { ApiError } from "../../core/errors.ts";
import { type Sketch, sketchProblem } from "../../gen/art/sketch.ts";

/** Refuses a sketch that cannot be drawn (ragged rows, unknown legend key or material) before anything is written. */
export function checkSketch(sketch: Sketch | undefined): void {
  if (!sketch) return;
  const problem = sketchProblem(sketch);
  if (problem) throw new ApiError("invalid_request", problem);
}
