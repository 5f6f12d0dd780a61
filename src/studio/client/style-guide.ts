/// <reference lib="dom" />
import { h, fill, field, errorBox, showError, statusLine } from "./dom.ts";
import { api, apiBlob, type Pack } from "./api.ts";
import { dropZone } from "./drop.ts";
import type { PackView } from "./pack.ts";
import { palettePreview } from "./palette-preview.ts";
import type { Dither } from "../../gen/look/palette-lock.ts";

interface StyleGuide {
  palette: string[];
  notes: string;
  dither: Dither;
  enabled: boolean;
}

/** Palette swatches, notes and the on/off switch; plus the pack's reference pictures for generation. */
export async function styleView(pack: Pack): Promise<PackView> {
  const base = `/packs/${encodeURIComponent(pack.slug)}`;
  let guide: StyleGuide | null = null;
  try {
    guide = (await api("GET", `${base}/style-guide`)).styleGuide;
  } catch (x) {
    if ((x as { code?: string }).code !== "not_found") throw x;
  }
  const palette = [...(guide?.palette ?? ["#7a4a2b", "#5d8a3a", "#9c9c9c"])];
  const swatches = h("ul", { class: "swatches", "aria-label": "Palette" });
  const dither = h(
    "select",
    { id: "style-dither", onchange: () => redraw() },
    h("option", { value: "none", selected: guide?.dither !== "ordered" }, "none: the nearest palette colour"),
    h("option", { value: "ordered", selected: guide?.dither === "ordered" }, "ordered: a 4×4 mix of two colours"),
  );
  const preview = palettePreview();
  const redraw = () => preview.draw(palette, dither.value as Dither);
  const drawSwatches = () => {
    redraw();
    fill(
      swatches,
      palette.map((c, i) =>
        h(
          "li",
          {},
          h("label", { for: `swatch-${i}`, class: "visually-hidden" }, `Colour ${i + 1}`),
          h("input", {
            id: `swatch-${i}`,
            type: "color",
            value: c,
            oninput: (e: Event) => {
              palette[i] = (e.target as HTMLInputElement).value;
              (e.target as HTMLElement).nextElementSibling!.textContent = palette[i];
              redraw();
            },
          }),
          h("code", {}, c),
          h(
            "button",
            {
              type: "button",
              class: "small",
              "aria-label": `Remove colour ${i + 1} (${c})`,
              disabled: palette.length <= 1,
              onclick: () => (palette.splice(i, 1), drawSwatches()),
            },
            "✕",
          ),
        ),
      ),
    );
  };
  drawSwatches();
  const notes = h("textarea", { id: "style-notes", rows: 4, maxlength: 2000, value: guide?.notes ?? "" });
  const enabled = h("input", { id: "style-enabled", type: "checkbox", checked: guide?.enabled ?? true });
  const status = statusLine();
  const err = errorBox();
  const save = async (e: Event) => {
    e.preventDefault();
    fill(err);
    try {
      guide = (
        await api("PUT", `${base}/style-guide`, {
          palette,
          notes: notes.value,
          dither: dither.value,
          enabled: enabled.checked,
        })
      ).styleGuide;
      status.textContent = `Saved (${guide!.palette.length} colours, ${guide!.enabled ? "on" : "off"}).`;
    } catch (x) {
      showError(err, x);
    }
  };
  const remove = async () => {
    fill(err);
    try {
      await api("DELETE", `${base}/style-guide`);
      status.textContent = "Style guide removed.";
    } catch (x) {
      showError(err, x);
    }
  };
  const guideForm = h(
    "form",
    { class: "panel", "aria-labelledby": "style-title", onsubmit: save },
    h("h2", { id: "style-title" }, "Style guide"),
    h(
      "p",
      { class: "hint" },
      "While the guide is on, every picture generated in this pack uses only the palette's colours (a request can opt out with useStyleGuide).",
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Palette"),
      swatches,
      h(
        "button",
        {
          type: "button",
          class: "small",
          disabled: palette.length >= 32,
          onclick: () => (palette.push("#808080"), drawSwatches()),
        },
        "Add colour",
      ),
    ),
    field("Dithering", dither),
    preview.el,
    field("Notes", notes),
    h("div", { class: "field check" }, enabled, h("label", { for: "style-enabled" }, "Style guide on")),
    err,
    status,
    h(
      "div",
      { class: "row" },
      h("button", { type: "submit", class: "primary" }, "Save style guide"),
      h("button", { type: "button", onclick: remove }, "Remove"),
    ),
  );
  return { el: h("div", { class: "columns" }, guideForm, await referencesPanel(base)) };
}

async function referencesPanel(base: string): Promise<HTMLElement> {
  const list = h("ul", { class: "refs", "aria-label": "Reference images" });
  const status = statusLine();
  const err = errorBox();
  const show = (r: { referenceId: string; width: number; height: number }, url?: string) => {
    const img = h("img", {
      alt: `Reference ${r.referenceId}`,
      width: 64,
      height: Math.max(1, Math.round((64 * r.height) / r.width)),
    });
    if (url) img.src = url;
    else
      apiBlob(`${base}/references/${r.referenceId}`).then(
        (b) => (img.src = URL.createObjectURL(b)),
        () => img.remove(),
      );
    list.append(
      h("li", {}, img, h("code", { class: "ref-id" }, r.referenceId), h("small", {}, ` ${r.width}×${r.height}`)),
    );
  };
  for (const r of (await api("GET", `${base}/references`)).references) show(r);
  const upload = async (files: File[]) => {
    fill(err);
    for (const file of files) {
      try {
        const base64 = await new Promise<string>((ok, fail) => {
          const rd = new FileReader();
          rd.onload = () => ok(String(rd.result));
          rd.onerror = () => fail(rd.error);
          rd.readAsDataURL(file);
        });
        const r = await api("POST", `${base}/references`, { file: { base64 } });
        show(r, URL.createObjectURL(file));
        status.textContent = `Uploaded ${file.name}: referenceId ${r.referenceId}`;
      } catch (x) {
        showError(err, x);
      }
    }
  };
  return h(
    "section",
    { class: "panel", "aria-labelledby": "refs-title" },
    h("h2", { id: "refs-title" }, "Reference images"),
    h(
      "p",
      { class: "hint" },
      "Upload a PNG picture; its referenceId can be chosen in the texture and model generation forms.",
    ),
    dropZone({ label: "Choose a PNG reference", accept: "image/png", multiple: true, onFiles: (f) => void upload(f) }),
    status,
    err,
    list,
  );
}
