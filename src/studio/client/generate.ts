/// <reference lib="dom" />
import { h, fill, field, errorBox, showError, statusLine, badge, plural, whileBusy } from "./dom.ts";
import { api, type Asset, type Pack } from "./api.ts";
import { bodySchema, generationOps, operationIds, schemaForm, type Overrides } from "./schema-form.ts";
import { FORM_HELP, forPeople } from "./words.ts";
import { card } from "./assets.ts";
import { animationControl } from "./animation-control.ts";
import type { PackView } from "./pack.ts";

interface Reference {
  referenceId: string;
  width: number;
  height: number;
}

/** One form per generation operation, built from its REST body schema; submit, watch the job, show the result. */
export async function generateView(pack: Pack): Promise<PackView> {
  const ops = await generationOps();
  const opIds = await operationIds();
  const { references } = await api<{ references: Reference[] }>(
    "GET",
    `/packs/${encodeURIComponent(pack.slug)}/references`,
  );
  const what = h(
    "select",
    { id: "gen-kind" },
    ops.map((o) => h("option", { value: o.path }, o.summary.replace(/^Generate an? /, ""))),
  );
  const holder = h("div");
  const watch = h(
    "div",
    { class: "watch" },
    h("h2", {}, "Job"),
    h("p", { class: "meta" }, "Submit the form to start a job; its status and result show here."),
  );
  let timer = 0;
  let gone = false;

  const overrides: Overrides = {
    referenceId: (label) => {
      const select = h(
        "select",
        { id: "gen-referenceId" },
        h("option", { value: "" }, references.length ? "none" : "none (upload one under Style guide)"),
        references.map((r) => h("option", { value: r.referenceId }, `${r.referenceId} (${r.width}×${r.height})`)),
      );
      return { el: field(label, select), read: () => select.value || undefined };
    },
    animation: (label) => animationControl(label, "gen"),
  };

  async function showForm(): Promise<void> {
    const op = ops.find((o) => o.path === what.value)!;
    const schema = await bodySchema("POST", op.path);
    // The path's last segment names the form's words and, singular, the generation's price (textures → texture).
    const segment = op.path.split("/").pop()!;
    const form = schemaForm(schema, {
      overrides,
      idPrefix: "gen",
      form: segment,
      operationIds: opIds,
      minecraftVersion: pack.minecraftVersion,
    });
    const err = errorBox();
    const submit = h("button", { type: "submit", class: "primary" }, "Generate");
    const cost = h("p", { class: "cost", id: "gen-cost" });
    void showCost(cost, segment.replace(/s$/, ""));
    const el = h(
      "form",
      {
        class: "gen-form schema-grid",
        "data-op": op.path,
        onsubmit: async (e: Event) => {
          e.preventDefault();
          fill(err);
          clearTimeout(timer);
          try {
            const accepted = await whileBusy(submit, () =>
              api("POST", op.path.replace("/v1", "").replace("{pack}", encodeURIComponent(pack.slug)), form.read()),
            );
            follow(accepted.jobs ?? [accepted.job]);
          } catch (x) {
            showError(err, x);
          }
        },
      },
      h("p", { class: "hint" }, FORM_HELP[segment] ?? forPeople(op.description, opIds)),
      form.fields,
      err,
      cost,
      submit,
    );
    fill(holder, el);
  }

  /** Watches every job a request started (one, or `count` variations), each with its badge and result card. */
  function follow(jobs: string[]): void {
    const status = statusLine();
    const states = jobs.map((job) => h("p", {}, "Job ", h("code", {}, job), " ", badge("generating")));
    const result = h("ul", { class: "grid" });
    fill(watch, h("h2", {}, jobs.length > 1 ? `Jobs (${jobs.length} variations)` : "Job"), states, status, result);
    status.textContent = "Generating…";
    const cards: (HTMLElement | null)[] = jobs.map(() => null);
    const errors: string[] = [];
    const poll = async () => {
      try {
        let waiting = 0;
        for (const [i, job] of jobs.entries()) {
          if (cards[i]) continue;
          const j: { status: string; error: string | null; asset: Asset } = await api(
            "GET",
            `/jobs/${encodeURIComponent(job)}`,
          );
          if (gone) return;
          if (j.status === "generating") {
            waiting++;
            continue;
          }
          fill(states[i], "Job ", h("code", {}, job), " ", badge(j.status));
          if (j.status !== "ready") errors.push(`${job}: ${j.error}`);
          cards[i] = card(pack, j.asset);
        }
        fill(
          result,
          cards.filter((c): c is HTMLElement => !!c),
        );
        if (waiting) {
          timer = window.setTimeout(poll, 800);
          return;
        }
        status.textContent = errors.length ? `Failed: ${errors.join("; ")}` : "Done.";
        void refreshCredits();
      } catch (x) {
        status.textContent = x instanceof Error ? x.message : String(x);
      }
    };
    void poll();
  }

  what.addEventListener("change", () => void showForm());
  await showForm();
  return {
    el: h(
      "div",
      { class: "columns" },
      h(
        "section",
        { class: "panel", "aria-labelledby": "gen-title" },
        h("h2", { id: "gen-title" }, "Generate"),
        field("What to generate", what),
        holder,
      ),
      h("section", { class: "panel sticky", "aria-label": "Job" }, watch),
    ),
    dispose: () => ((gone = true), clearTimeout(timer)),
  };
}

/** What the job will cost, said before it is submitted (GET /account: the server's prices and the balance). */
async function showCost(el: HTMLElement, generation: string): Promise<void> {
  try {
    const r = await api("GET", "/account");
    const price = r.costs?.[generation];
    if (price === undefined) return;
    el.textContent = `Costs ${plural(price, "credit")}; you have ${plural(r.account.credits, "credit")}.`;
  } catch {}
}

/** The header shows the balance; a generation just spent some. */
async function refreshCredits(): Promise<void> {
  const el = document.querySelector(".credits");
  if (!el) return;
  try {
    el.textContent = plural((await api("GET", "/account")).account.credits, "credit");
  } catch {}
}
