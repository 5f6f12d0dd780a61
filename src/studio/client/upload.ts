/// <reference lib="dom" />
import { h, fill, field, errorBox, showFailure, statusLine, uploadProgress } from "./dom.ts";
import { api, sendFile, type Pack } from "./api.ts";
import { bodySchema, operationIds, schemaForm } from "./schema-form.ts";
import { dropZone } from "./drop.ts";
import { card } from "./assets.ts";
import type { PackView } from "./pack.ts";

/** Upload existing files into the pack: the upload_asset body's fields, plus a drop zone for the file itself. */
export async function uploadView(pack: Pack): Promise<PackView> {
  const schema = await bodySchema("POST", "/v1/packs/{pack}/assets");
  const types: string[] = (schema.properties.type?.anyOf ?? []).map((x: { const: string }) => x.const);
  const form = schemaForm(schema, {
    skip: ["file"],
    idPrefix: "up",
    form: "upload",
    operationIds: await operationIds(),
    minecraftVersion: pack.minecraftVersion,
    overrides: {
      type: () => {
        const select = h(
          "select",
          { id: "up-type" },
          h("option", { value: "" }, "guess from the file"),
          types.map((t) => h("option", { value: t }, t)),
        );
        return { el: field("What the file is", select), read: () => select.value || undefined };
      },
    },
  });
  const status = statusLine();
  const bar = uploadProgress(status);
  const err = errorBox();
  const done = h("ul", { class: "grid", "aria-label": "Uploaded" });

  const send = async (files: File[]) => {
    fill(err);
    for (const file of files) {
      try {
        const upload = await sendFile(file, (p) => bar.show(file.name, p));
        const body = { ...form.read(), file: { upload } } as Record<string, unknown>;
        if (!body.type) body.type = guessType(file);
        const r = await api("POST", `/packs/${encodeURIComponent(pack.slug)}/assets`, body);
        const { asset } = await api("GET", `/jobs/${encodeURIComponent(r.id)}`);
        done.prepend(card(pack, asset));
        status.textContent = `Uploaded ${file.name} as ${r.kind} ${r.name}.`;
      } catch (x) {
        showFailure(status, err, x);
      } finally {
        bar.done();
      }
    }
  };
  return {
    el: h(
      "div",
      { class: "columns" },
      h(
        "section",
        { class: "panel", "aria-labelledby": "up-title" },
        h("h2", { id: "up-title" }, "Upload files"),
        h(
          "p",
          { class: "hint" },
          "PNG for block, item, icon, gui (256×256), hud and armor; model JSON or .bbmodel for model; Ogg or WAV for sound. Leave the type empty to guess it from the file.",
        ),
        h("div", { class: "schema-grid" }, form.fields[0], form.fields.at(-1)),
        dropZone({ label: "Choose files to upload", multiple: true, onFiles: (f) => void send(f) }),
        h(
          "details",
          {},
          h("summary", {}, "Options for the chosen type (size, face, sound event, armour layer…)"),
          h("div", { class: "schema-grid" }, form.fields.slice(1, -1)),
        ),
        bar.el,
        status,
        err,
      ),
      h("section", { class: "panel", "aria-labelledby": "up-done" }, h("h2", { id: "up-done" }, "Uploaded"), done),
    ),
  };
}

/** A sensible type when the user leaves it empty: sounds and models by extension, pictures as blocks. */
function guessType(file: File): string {
  const ext = file.name.toLowerCase().split(".").pop();
  if (ext === "ogg" || ext === "wav") return "sound";
  if (ext === "json" || ext === "bbmodel") return "model";
  return "block";
}
