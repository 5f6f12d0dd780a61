/// <reference lib="dom" />
import { h, fill, errorBox, formatBytes, showFailure, statusLine, whileBusy } from "./dom.ts";
import { CLIENT_PACK_LIMIT_BYTES, overLimitMessage } from "../../pack/client-limit.ts";
import { api, apiBlob, type Pack } from "./api.ts";
import { assetsView } from "./assets.ts";
import { generateView } from "./generate.ts";
import { uploadView } from "./upload.ts";
import { styleView } from "./style-guide.ts";
import { mergePanel } from "./merge.ts";
import type { Page } from "./main.ts";

const TABS = [
  ["assets", "Assets"],
  ["generate", "Generate"],
  ["upload", "Upload"],
  ["style", "Style guide"],
] as const;

export interface PackView {
  el: HTMLElement;
  dispose?: () => void;
}

export async function packPage(slug: string, tab: string): Promise<Page> {
  const { pack } = await api<{ pack: Pack }>("GET", `/packs/${encodeURIComponent(slug)}`);
  const base = `#/packs/${encodeURIComponent(pack.slug)}`;
  const known = TABS.find(([t]) => t === tab) ?? TABS[0];
  const view: PackView =
    known[0] === "generate"
      ? await generateView(pack)
      : known[0] === "upload"
        ? await uploadView(pack)
        : known[0] === "style"
          ? await styleView(pack)
          : await assetsView(pack);
  const el = h(
    "div",
    { class: "page" },
    h(
      "div",
      { class: "pack-head" },
      h("div", {}, h("h1", {}, pack.name), h("p", { class: "meta" }, h("code", {}, pack.slug), ` · ${pack.role}`)),
      exportPanel(pack),
    ),
    h(
      "nav",
      { class: "tabs", "aria-label": "Pack sections" },
      TABS.map(([t, label]) =>
        h(
          "a",
          { href: t === "assets" ? base : `${base}/${t}`, "aria-current": t === known[0] ? "page" : undefined },
          label,
        ),
      ),
    ),
    view.el,
    known[0] === "upload" ? mergePanel(pack) : null,
  );
  return { title: `${known[1]} · ${pack.name}`, el, dispose: view.dispose };
}

/** The zip needs the bearer header, so it is fetched and handed to the browser as a blob download. */
function exportPanel(pack: Pack): HTMLElement {
  const status = statusLine();
  const err = errorBox();
  const optimize = h("input", { id: "export-optimize", type: "checkbox" });
  const size = h("p", { class: "meta", id: "export-size", hidden: true });
  const button = h("button", { type: "button", class: "primary", id: "export-button" }, "Download .zip");
  button.addEventListener("click", () => {
    fill(err);
    status.textContent = "Building the zip…";
    void whileBusy(button, async () => {
      const blob = await apiBlob(
        `/packs/${encodeURIComponent(pack.slug)}/export${optimize.checked ? "?optimize=true" : ""}`,
      );
      const url = URL.createObjectURL(blob);
      const a = h("a", { href: url, download: `${pack.slug}.zip`, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      status.textContent = `Downloaded ${pack.slug}.zip (${Math.round(blob.size / 1024)} KB)`;
      showSize(size, blob.size, optimize.checked);
    }).catch((x) => showFailure(status, err, x));
  });
  return h(
    "section",
    { class: "export", "aria-label": "Export" },
    h(
      "dl",
      { class: "versions" },
      h("dt", {}, "Minecraft version"),
      h("dd", { id: "pack-mc-version" }, pack.minecraftVersion),
      h("dt", {}, "Loads on"),
      h("dd", { id: "pack-min-version" }, loadsOn(pack)),
    ),
    h(
      "div",
      { class: "export-row" },
      button,
      h(
        "span",
        { class: "check" },
        optimize,
        h("label", { for: "export-optimize" }, "Optimize (lossless: smaller, slower)"),
      ),
    ),
    size,
    status,
    err,
  );
}

/** The zip's size against the game client's limit (a larger server pack is refused by the game). */
function showSize(el: HTMLElement, bytes: number, optimized: boolean): void {
  const over = bytes > CLIENT_PACK_LIMIT_BYTES;
  fill(
    el,
    h("meter", {
      min: "0",
      max: String(CLIENT_PACK_LIMIT_BYTES),
      high: String(CLIENT_PACK_LIMIT_BYTES * 0.8),
      value: String(Math.min(bytes, CLIENT_PACK_LIMIT_BYTES)),
      "aria-label": "Size against the game's limit",
    }),
    ` ${formatBytes(bytes)} of the ${formatBytes(CLIENT_PACK_LIMIT_BYTES)} a game client accepts`,
    over ? h("strong", { class: "over-limit" }, ` — ${overLimitMessage(bytes, optimized)}`) : "",
  );
  el.hidden = false;
}

/** Which game versions the contents load on; an empty pack has nothing that needs any version. */
function loadsOn(pack: Pack): string {
  const c = pack.assetCounts;
  if (c.textures + c.models + c.icons + c.sounds === 0) return "any version (the pack is empty)";
  return pack.minVersion ? `${pack.minVersion} and newer` : "any version";
}
