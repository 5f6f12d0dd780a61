/// <reference lib="dom" />
import { h } from "./dom.ts";

const EFFECTS: [string, string][] = [
  ["", "none (a still picture)"],
  ["flow", "flow: slides down, for liquids"],
  ["pulse", "pulse: glows brighter and dimmer"],
  ["flicker", "flicker: flames and torches"],
  ["shimmer", "shimmer: a band of light crossing"],
  ["drip", "drip: drops running down"],
  ["spin", "spin: turns like a coin (items, icons)"],
];

/**
 * The `animation` field as people pick it: an effect (none leaves the field out), frames, ticks per frame and
 * blending. Used by the generate forms and the edit panel; `prefix` keeps their ids apart.
 */
export function animationControl(label: string, prefix: string): { el: HTMLElement; read: () => unknown } {
  const effect = h(
    "select",
    { id: `${prefix}-animation-effect` },
    EFFECTS.map(([v, text]) => h("option", { value: v }, text)),
  );
  const frames = h("input", { id: `${prefix}-animation-frames`, type: "number", min: 2, max: 32, value: "8" });
  const frametime = h("input", { id: `${prefix}-animation-frametime`, type: "number", min: 1, max: 200, value: "2" });
  const interpolate = h("input", { id: `${prefix}-animation-interpolate`, type: "checkbox" });
  // One .field for the one body field (its parts are sub-rows), as the other fields of a form are.
  const el = h(
    "div",
    { class: "field" },
    h(
      "fieldset",
      { class: "animation-field", id: `${prefix}-animation` },
      h("legend", {}, label),
      h("div", { class: "sub" }, h("label", { for: effect.id }, "Effect"), effect),
      h("div", { class: "sub" }, h("label", { for: frames.id }, "Frames (2 to 32)"), frames),
      h("div", { class: "sub" }, h("label", { for: frametime.id }, "Ticks per frame (20 a second)"), frametime),
      h("div", { class: "sub check" }, interpolate, h("label", { for: interpolate.id }, "Blend between frames")),
    ),
  );
  return {
    el,
    read: () =>
      effect.value
        ? {
            effect: effect.value,
            frames: Number(frames.value),
            frametime: Number(frametime.value),
            ...(interpolate.checked ? { interpolate: true } : {}),
          }
        : undefined,
  };
}
