/// <reference lib="dom" />
import { h, errorBox, showError, statusLine, whileBusy } from "./dom.ts";
import { api, assetPath, type Asset, type Pack } from "./api.ts";
import { lookOf } from "./previews.ts";
import { animationControl } from "./animation-control.ts";

const OVERLAYS = ["moss", "cracks", "rust", "snow", "glow", "runes"];

/** Block textures, item sprites and icons can be edited (edit_asset); GUI/HUD sheets and models cannot. */
export const isEditable = (a: Asset) =>
  a.status === "ready" && (a.kind === "font" || (a.kind === "texture" && !/^(gui|hud|model):/.test(a.name)));

/**
 * The edit panel of the asset dialog: recolour (one colour swap, or hue/saturation/value), an overlay, the
 * style guide's palette, an animation. Submitting starts the edit job and watches it; `done` gets the asset
 * as it is afterwards (a failed edit leaves it unchanged, and the panel says why).
 */
export function editPanel(pack: Pack, a: Asset, done: (after: Asset) => void): HTMLElement {
  const num = (id: string, min: number, max: number, step: number) =>
    h("input", { id, type: "number", min, max, step, value: "0" });
  const hue = num("edit-hue", -180, 180, 1);
  const saturation = num("edit-saturation", -1, 1, 0.05);
  const value = num("edit-value", -1, 1, 0.05);
  const swap = h("input", { id: "edit-swap", type: "checkbox" });
  const from = h("input", { id: "edit-from", type: "color", value: "#808080" });
  const to = h("input", { id: "edit-to", type: "color", value: "#808080" });
  const overlay = h(
    "select",
    { id: "edit-overlay" },
    h("option", { value: "" }, "none"),
    OVERLAYS.map((o) => h("option", { value: o }, o)),
  );
  const palette = h("input", { id: "edit-palette", type: "checkbox" });
  const animation = animationControl(lookOf(a) === "block" ? "Animation (not spin on a block)" : "Animation", "edit");
  const status = statusLine();
  const err = errorBox();
  const submit = h("button", { type: "submit", class: "primary" }, "Apply edit");
  const row = (label: string, control: HTMLElement) =>
    h("div", { class: "field" }, h("label", { for: control.id }, label), control);

  const body = () => {
    const recolour: Record<string, unknown> = {};
    for (const [k, input] of [
      ["hue", hue],
      ["saturation", saturation],
      ["value", value],
    ] as const)
      if (Number(input.value)) recolour[k] = Number(input.value);
    if (swap.checked) recolour.map = [{ from: from.value, to: to.value }];
    const anim = animation.read();
    return {
      ...(Object.keys(recolour).length ? { recolour } : {}),
      ...(overlay.value ? { overlay: overlay.value } : {}),
      ...(palette.checked ? { palette: "style-guide" } : {}),
      ...(anim ? { animation: anim } : {}),
    };
  };

  const run = async () => {
    const accepted = await api("POST", `${assetPath(pack.slug, a.kind, a.name)}/edits`, body());
    status.textContent = `Editing (${accepted.changes.join(", ")}): ${accepted.charged} credits…`;
    for (;;) {
      await new Promise((ok) => setTimeout(ok, 600));
      const j = await api("GET", `/jobs/${encodeURIComponent(accepted.job)}`);
      if (j.status === "generating") continue;
      if (j.edit?.status === "failed") throw new Error(`the edit failed and was refunded: ${j.edit.error}`);
      status.textContent = "Edited.";
      done(j.asset);
      return;
    }
  };

  return h(
    "details",
    { class: "edit-panel" },
    h("summary", {}, "Edit…"),
    h(
      "form",
      {
        onsubmit: (e: Event) => {
          e.preventDefault();
          err.replaceChildren();
          void whileBusy(submit, run).catch((x) => showError(err, x));
        },
      },
      h(
        "fieldset",
        {},
        h("legend", {}, "Recolour"),
        row("Hue turn (degrees)", hue),
        row("Saturation (−1 to 1)", saturation),
        row("Value (−1 to 1)", value),
        h("div", { class: "field check" }, swap, h("label", { for: swap.id }, "Swap one colour")),
        row("From", from),
        row("To", to),
      ),
      row("Overlay or wear", overlay),
      h("div", { class: "field check" }, palette, h("label", { for: palette.id }, "Lock to the style guide's palette")),
      animation.el,
      err,
      status,
      submit,
    ),
  );
}
