/// <reference lib="dom" />
import { h, fill, badge, errorBox, showError, formatBytes, plural } from "./dom.ts";
import { api, previewGet, type Asset, type Pack } from "./api.ts";
import { budget } from "./budget.ts";
import { primeModelFiles } from "./model-view.ts";
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
const STATUSES = [
  ["", "Any status"],
  ["ready", "Ready"],
  ["generating", "Generating"],
  ["error", "Failed"],
] as const;
/** The search waits for a pause in typing this long, then asks once. */
const PAUSE_MS = 300;
/** The server's longest q (ops/schemas.ts SEARCH_MAX). */
const SEARCH_MAX = 100;

/** One page of the list as loaded: where it started, its assets, where the next starts, its previews. */
interface Loaded {
  start: number | null;
  assets: Asset[];
  next: number | null;
  /** Settles once the page's previews (list_thumbnails) are in memory, or could not come. */
  previews: Promise<void>;
}

/**
 * The asset grid: find by name (as you type), filter by kind and status, previews, and badges kept current
 * by polling while anything generates. Each page of 48 costs two reads: the list (the person asked for
 * it, it goes at once) and its previews in one list_thumbnails answer (which waits its turn for budget).
 * "Show more" loads the next page only; polling reloads only pages that hold a run.
 */
export async function assetsView(pack: Pack): Promise<PackView> {
  const filter = { kind: "", status: "", q: "" };
  let pages: Loaded[] = [];
  let timer = 0;
  let typing = 0;
  let asked = 0;
  let gone = false;
  const cards = new Map<string, { version: string; el: HTMLElement }>();
  const grid = h("ul", { class: "grid", "aria-label": "Assets" });
  const err = errorBox();
  const more = h("button", { type: "button", hidden: true, onclick: () => void showMore() }, "Show more");
  const empty = h("p", { hidden: true });
  const waits = h("p", { class: "budget-note", role: "status", "aria-live": "polite", hidden: true });
  const dialog = h("dialog", { class: "detail", "aria-labelledby": "detail-title" });
  const slug = encodeURIComponent(pack.slug);

  const search = h("input", {
    id: "asset-search",
    type: "search",
    maxlength: SEARCH_MAX,
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "e.g. diamond_sword",
    oninput: () => {
      clearTimeout(typing);
      typing = window.setTimeout(() => {
        const q = search.value.trim();
        if (q !== filter.q) (filter.q = q), void reload();
      }, PAUSE_MS);
    },
  });
  const status = h(
    "select",
    { id: "asset-status", onchange: () => ((filter.status = status.value), void reload()) },
    STATUSES.map(([v, label]) => h("option", { value: v }, label)),
  );
  const kinds = h(
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
          checked: k === filter.kind,
          onchange: () => ((filter.kind = k), void reload()),
        }),
        label,
      ),
    ),
  );
  const finder = h(
    "div",
    { class: "finder", role: "search" },
    h("div", { class: "field" }, h("label", { for: "asset-search" }, "Find by name"), search),
    h("div", { class: "field" }, h("label", { for: "asset-status" }, "Status"), status),
  );

  // What waits for budget says so; what the person clicks still goes at once.
  budget.onChange((b) => {
    waits.hidden = b.waiting === 0;
    waits.textContent = b.waiting
      ? `Previews of ${plural(b.waiting, "card")} wait for the request budget (${b.remaining ?? "?"} of ${b.limit} reads left, kept for what you click); loading again in about ${b.seconds} s.`
      : "";
  });

  function query(start: number | null): string {
    const q = new URLSearchParams({ limit: String(PAGE) });
    for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
    if (start !== null) q.set("cursor", String(start));
    return q.toString();
  }

  async function loadPage(start: number | null): Promise<Loaded> {
    const q = query(start);
    const page: { assets: Asset[]; nextCursor: number | null } = await api("GET", `/packs/${slug}/assets?${q}`);
    // The page's pictures and everything its models draw from, in one request that waits its turn.
    const wanting = page.assets.filter((a) => needsThumbnail(pack.slug, a)).length;
    const previews = wanting
      ? previewGet<{ thumbnails: Thumbnail[]; modelFiles: Thumbnail[]; notHeld: { kind: string; name: string }[] }>(
          `/packs/${slug}/thumbnails?${q}`,
          wanting,
        ).then(
          (t) => {
            primeThumbnails(pack.slug, t.thumbnails);
            primeModelFiles(pack.slug, [...t.thumbnails, ...t.modelFiles], t.notHeld);
          },
          () => {}, // each card then fetches its own, as before
        )
      : Promise.resolve();
    return { start, assets: page.assets, next: page.nextCursor, previews };
  }

  /** Loads `work`, unless the filter changed meanwhile (a later search wins over an earlier slow one). */
  async function guarded(work: () => Promise<void>): Promise<void> {
    const mine = ++asked;
    clearTimeout(timer);
    try {
      await work();
      if (mine === asked && !gone) fill(err);
    } catch (x) {
      if (mine === asked && !gone) showError(err, x);
    }
  }

  const reload = () =>
    guarded(async () => {
      const mine = asked;
      // Previews still waiting belong to the grid being replaced: they would spend budget on cards gone.
      budget.dropWaiting();
      const first = await loadPage(null);
      if (mine !== asked || gone) return;
      pages = [first];
      cards.clear();
      grid.replaceChildren();
      render();
    });

  const showMore = () =>
    guarded(async () => {
      const last = pages[pages.length - 1];
      if (!last || last.next === null) return;
      const mine = asked;
      const page = await loadPage(last.next);
      if (mine !== asked || gone) return;
      pages.push(page);
      render();
    });

  /** Reloads the pages that hold a run (or every page, after the person changed something). */
  const reloadPages = (all: boolean) =>
    guarded(async () => {
      const mine = asked;
      const fresh = await Promise.all(
        pages.map((p) => (all || p.assets.some((a) => a.status === "generating") ? loadPage(p.start) : p)),
      );
      if (mine !== asked || gone) return;
      pages = fresh;
      render();
    });

  function render(): void {
    const seen = new Set<string>();
    let i = 0;
    for (const page of pages)
      for (const a of page.assets) {
        seen.add(a.id);
        const version = `${a.status}@${a.updatedAt}`;
        const known = cards.get(a.id);
        if (known?.version !== version) {
          const el = card(pack, a, () => openDetail(dialog, pack, a, () => void reloadPages(true)), page.previews);
          if (known) known.el.replaceWith(el);
          else grid.insertBefore(el, grid.children[i] ?? null);
          cards.set(a.id, { version, el });
        }
        i++;
      }
    for (const [id, c] of cards) if (!seen.has(id)) c.el.remove(), cards.delete(id);
    const last = pages[pages.length - 1];
    more.hidden = !last || last.next === null;
    empty.hidden = i > 0;
    empty.textContent =
      filter.q || filter.status || filter.kind
        ? "No assets match."
        : "No assets here yet. Generate, upload or import some.";
    if (pages.some((p) => p.assets.some((a) => a.status === "generating")))
      timer = window.setTimeout(() => void reloadPages(false), 1500);
  }

  await reload();
  return {
    el: h(
      "section",
      { class: "panel", "aria-label": "Assets" },
      h("h2", { class: "visually-hidden" }, "Assets"),
      finder,
      kinds,
      err,
      empty,
      grid,
      waits,
      more,
      dialog,
    ),
    dispose: () => {
      gone = true;
      clearTimeout(timer);
      clearTimeout(typing);
      budget.onChange(() => {});
      budget.dropWaiting();
    },
  };
}

/** An asset's card; its preview is drawn once it scrolls near the view and `previews` (the page's batch) is in. */
export function card(
  pack: Pack,
  a: Asset,
  open?: () => void,
  previews: Promise<void> = Promise.resolve(),
): HTMLElement {
  const label = a.displayName ?? a.name;
  // Until drawn: a quiet placeholder (the budget note above the grid says when previews wait for budget).
  const slot = h(
    "div",
    { class: `preview look-${lookOf(a)}` },
    a.status === "ready" && a.kind !== "sound" ? h("div", { class: "pending" }, "preview coming…") : null,
  );
  // A card of a page the person has left draws nothing (and so asks the server for nothing).
  lazily(slot, () => void previews.then(() => (slot.isConnected ? drawPreview(slot, pack.slug, a) : undefined)));
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
