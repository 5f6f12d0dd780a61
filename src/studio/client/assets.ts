/// <reference lib="dom" />
import { h, fill, badge, errorBox, showError, formatBytes } from "./dom.ts";
import { api, type Asset, type Pack } from "./api.ts";
import { drawPreview, lookOf, needsThumbnail, primeThumbnails, type Thumbnail } from "./previews.ts";
import type { PackView } from "./pack.ts";
import { openDetail } from "./detail.ts";

const KINDS = [
  ["", "All"],
  ["texture", "Textures"],
  ["model", "Models"],
  ["font", "Icons"],
  ["sound", "Sounds"],
] as const;
const PAGE = 48;

/** The asset grid: filter by kind, previews, and badges kept current by polling while anything generates. */
export async function assetsView(pack: Pack): Promise<PackView> {
  let kind = "";
  let limit = PAGE;
  let timer = 0;
  let gone = false;
  const cards = new Map<string, { version: string; el: HTMLElement }>();
  const grid = h("ul", { class: "grid", "aria-label": "Assets" });
  const err = errorBox();
  const more = h(
    "button",
    { type: "button", hidden: true, onclick: () => ((limit += PAGE), void refresh()) },
    "Show more",
  );
  const empty = h("p", { hidden: true }, "No assets here yet. Generate, upload or import some.");
  const dialog = h("dialog", { class: "detail", "aria-labelledby": "detail-title" });

  const filter = h(
    "fieldset",
    { class: "filter" },
    h("legend", {}, "Show"),
    KINDS.map(([k, label]) =>
      h(
        "label",
        {},
        h("input", {
          type: "radio",
          name: "kind",
          value: k,
          checked: k === kind,
          onchange: () => ((kind = k), (limit = PAGE), void refresh(true)),
        }),
        label,
      ),
    ),
  );

  async function fetchAssets(): Promise<{ assets: Asset[]; more: boolean }> {
    const all: Asset[] = [];
    let cursor: number | null = null;
    while (all.length < limit) {
      const q = new URLSearchParams({ limit: String(Math.min(200, limit - all.length)) });
      if (kind) q.set("kind", kind);
      if (cursor !== null) q.set("cursor", String(cursor));
      const page: { assets: Asset[]; nextCursor: number | null } = await api(
        "GET",
        `/packs/${encodeURIComponent(pack.slug)}/assets?${q}`,
      );
      all.push(...page.assets);
      // The page's image previews in one request, instead of one per card.
      if (page.assets.some((a) => needsThumbnail(pack.slug, a))) {
        const t: { thumbnails: Thumbnail[] } = await api(
          "GET",
          `/packs/${encodeURIComponent(pack.slug)}/thumbnails?${q}`,
        );
        primeThumbnails(pack.slug, t.thumbnails);
      }
      cursor = page.nextCursor;
      if (cursor === null) break;
    }
    return { assets: all, more: cursor !== null };
  }

  async function refresh(reset = false): Promise<void> {
    clearTimeout(timer);
    try {
      const { assets, more: hasMore } = await fetchAssets();
      if (gone) return;
      if (reset) {
        cards.clear();
        grid.replaceChildren();
      }
      const seen = new Set<string>();
      assets.forEach((a, i) => {
        seen.add(a.id);
        const version = `${a.status}@${a.updatedAt}`;
        const known = cards.get(a.id);
        if (known?.version === version) return;
        const el = card(pack, a, () => openDetail(dialog, pack, a, () => void refresh()));
        if (known) known.el.replaceWith(el);
        else grid.insertBefore(el, grid.children[i] ?? null);
        cards.set(a.id, { version, el });
      });
      for (const [id, c] of cards) if (!seen.has(id)) c.el.remove(), cards.delete(id);
      more.hidden = !hasMore;
      empty.hidden = assets.length > 0;
      fill(err);
      if (assets.some((a) => a.status === "generating")) timer = window.setTimeout(() => void refresh(), 1500);
    } catch (x) {
      showError(err, x);
    }
  }
  await refresh();
  return {
    el: h(
      "section",
      { class: "panel", "aria-label": "Assets" },
      h("h2", { class: "visually-hidden" }, "Assets"),
      filter,
      err,
      empty,
      grid,
      more,
      dialog,
    ),
    dispose: () => ((gone = true), clearTimeout(timer)),
  };
}

export function card(pack: Pack, a: Asset, open?: () => void): HTMLElement {
  const label = a.displayName ?? a.name;
  const slot = h("div", { class: `preview look-${lookOf(a)}` });
  // Previews download when their card scrolls near the view, which keeps a big pack within the read budget.
  lazily(slot, () => void drawPreview(slot, pack.slug, a));
  return h(
    "li",
    { class: `asset asset-${a.status}`, "data-asset": a.id, "data-status": a.status },
    slot,
    h("div", { class: "asset-title" }, h("span", { class: "asset-name" }, label), badge(a.status)),
    h("p", { class: "meta" }, a.kind, a.sizeBytes ? ` · ${formatBytes(a.sizeBytes)}` : ""),
    a.error ? h("p", { class: "asset-error" }, a.error) : null,
    open && a.status === "ready"
      ? h("button", { type: "button", class: "small", onclick: open, "aria-label": `Open ${label}` }, "Open")
      : null,
  );
}

const pending = new WeakMap<Element, () => void>();
const observer =
  typeof IntersectionObserver === "function"
    ? new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            if (!e.isIntersecting) continue;
            observer!.unobserve(e.target);
            pending.get(e.target)?.();
            pending.delete(e.target);
          }
        },
        { rootMargin: "400px" },
      )
    : null;

function lazily(el: Element, draw: () => void): void {
  if (!observer) return draw();
  pending.set(el, draw);
  observer.observe(el);
}
