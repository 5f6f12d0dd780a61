/// <reference lib="dom" />
import {
  h,
  fill,
  field,
  errorBox,
  showError,
  showFailure,
  statusLine,
  badge,
  plural,
  whileBusy,
  uploadProgress,
} from "./dom.ts";
import { api, sendFile, type Pack } from "./api.ts";
import { dropZone } from "./drop.ts";
import type { Page } from "./main.ts";

const counts = (c: Pack["assetCounts"]) =>
  [plural(c.textures, "texture"), plural(c.models, "model"), plural(c.icons, "icon"), plural(c.sounds, "sound")].join(
    " · ",
  );

function packList(packs: Pack[]): HTMLElement {
  if (!packs.length) return h("p", {}, "No packs yet: create one or import a zip.");
  return h(
    "ul",
    { class: "pack-list", "aria-label": "Your packs" },
    packs.map((p) =>
      h(
        "li",
        { class: "pack-card" },
        h("h3", {}, h("a", { href: `#/packs/${encodeURIComponent(p.slug)}` }, p.name)),
        h(
          "p",
          { class: "meta" },
          h("code", {}, p.slug),
          ` · Minecraft ${p.minecraftVersion}`,
          p.role === "collaborator" ? " · shared with you" : "",
        ),
        h("p", { class: "meta" }, counts(p.assetCounts)),
      ),
    ),
  );
}

export async function packsPage(): Promise<Page> {
  const { packs } = await api<{ packs: Pack[] }>("GET", "/packs");
  const yours = h(
    "section",
    { class: "panel", "aria-labelledby": "packs-yours" },
    h("h2", { id: "packs-yours" }, "Your packs"),
    packList(packs),
  );
  // An import adds a pack (and fills it in the background); show it without leaving the page.
  const refresh = async () =>
    fill(yours, yours.firstElementChild, packList((await api<{ packs: Pack[] }>("GET", "/packs")).packs));
  const stop: (() => void)[] = [];
  const el = h(
    "div",
    { class: "page" },
    h("h1", {}, "Packs"),
    yours,
    h("div", { class: "columns" }, createForm(), importPanel(stop, refresh)),
  );
  return { title: "Packs", el, dispose: () => stop.forEach((f) => f()) };
}

function createForm(): HTMLElement {
  const name = h("input", { id: "pack-name", type: "text", required: true, maxlength: 100, autocomplete: "off" });
  const version = h("input", { id: "pack-version", type: "text", placeholder: "server default", autocomplete: "off" });
  const err = errorBox();
  const submit = h("button", { type: "submit", class: "primary" }, "Create pack");
  return h(
    "form",
    {
      class: "panel",
      "aria-labelledby": "create-title",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        try {
          const body: Record<string, string> = { name: name.value };
          if (version.value.trim()) body.minecraftVersion = version.value.trim();
          const { pack } = await whileBusy(submit, () => api<{ pack: Pack }>("POST", "/packs", body));
          location.hash = `#/packs/${encodeURIComponent(pack.slug)}`;
        } catch (x) {
          showError(err, x);
        }
      },
    },
    h("h2", { id: "create-title" }, "Create a pack"),
    field("Name", name),
    field("Minecraft version", version, "A Java release such as 1.21.11; empty for the server's default."),
    err,
    submit,
  );
}

/** Import: the answer's plan at once (planned, skipped, warnings), then the job's report when it finishes. */
function importPanel(stop: (() => void)[], refresh: () => Promise<void>): HTMLElement {
  const name = h("input", {
    id: "import-name",
    type: "text",
    maxlength: 100,
    placeholder: "the zip's name",
    autocomplete: "off",
  });
  const version = h("input", {
    id: "import-version",
    type: "text",
    placeholder: "from pack.mcmeta",
    autocomplete: "off",
  });
  const status = statusLine();
  const bar = uploadProgress(status);
  const err = errorBox();
  const out = h("div", { class: "import-out" });
  const run = async (file: File) => {
    fill(out);
    fill(err);
    try {
      const upload = await sendFile(file, (p) => bar.show(file.name, p)).finally(() => bar.done());
      const body: Record<string, unknown> = { file: { upload } };
      if (name.value.trim()) body.name = name.value.trim();
      if (version.value.trim()) body.minecraftVersion = version.value.trim();
      const plan = await api("POST", "/imports", body);
      void refresh();
      status.textContent = `Importing into ${plan.pack.name}…`;
      const jobStatus = h("p", {}, "Job ", h("code", {}, plan.job), " ", badge("generating"));
      fill(
        out,
        h("h3", {}, "Plan"),
        h("p", {}, `Minecraft ${plan.minecraftVersion} (from ${plan.versionSource})`),
        h(
          "dl",
          { class: "plan" },
          Object.entries(plan.planned as Record<string, number>).flatMap(([k, v]) => [
            h("dt", {}, k),
            h("dd", {}, String(v)),
          ]),
        ),
        h("h3", {}, "Skipped"),
        plan.skipped.length
          ? h(
              "ul",
              { class: "skipped" },
              plan.skipped.map((s: any) =>
                h(
                  "li",
                  {},
                  `${s.reason}: ${s.count}`,
                  s.examples.length ? h("small", {}, ` (e.g. ${s.examples.slice(0, 3).join(", ")})`) : null,
                ),
              ),
            )
          : h("p", {}, "Nothing skipped."),
        h("h3", {}, "Warnings"),
        plan.warnings.length
          ? h(
              "ul",
              { class: "warnings" },
              plan.warnings.map((w: string) => h("li", {}, w)),
            )
          : h("p", {}, "No warnings."),
        jobStatus,
      );
      const result = h("div", { class: "import-result" });
      out.append(result);
      let timer = 0;
      const poll = async () => {
        try {
          const job = await api("GET", `/jobs/${encodeURIComponent(plan.job)}`);
          if (job.status === "generating") {
            timer = window.setTimeout(poll, 1000);
            return;
          }
          void refresh();
          fill(jobStatus, "Job ", h("code", {}, plan.job), " ", badge(job.status));
          status.textContent =
            job.status === "ready" ? `Import finished: ${plan.pack.name}` : `Import failed: ${job.error}`;
          const r = job.import ?? {};
          fill(
            result,
            h("h3", {}, "Result"),
            job.error ? h("p", { class: "error" }, job.error) : null,
            h(
              "dl",
              { class: "plan" },
              Object.entries((r.imported ?? {}) as Record<string, number>).flatMap(([k, v]) => [
                h("dt", {}, k),
                h("dd", {}, String(v)),
              ]),
            ),
            (r.failed ?? []).length
              ? h(
                  "ul",
                  { class: "warnings" },
                  r.failed.map((f: any) => h("li", {}, `${f.path}: ${f.reason}`)),
                )
              : null,
            h(
              "p",
              {},
              h(
                "a",
                { href: `#/packs/${encodeURIComponent(plan.pack.slug)}`, class: "button primary" },
                `Open ${plan.pack.name}`,
              ),
            ),
          );
        } catch (x) {
          showError(err, x);
        }
      };
      stop.push(() => clearTimeout(timer));
      void poll();
    } catch (x) {
      showFailure(status, err, x);
    }
  };
  return h(
    "section",
    { class: "panel", "aria-labelledby": "import-title" },
    h("h2", { id: "import-title" }, "Import a pack zip"),
    field("New pack name", name),
    field("Minecraft version", version, "Overrides what pack.mcmeta declares."),
    dropZone({ label: "Choose a resource-pack .zip", accept: ".zip,application/zip", onFiles: (f) => void run(f[0]) }),
    bar.el,
    status,
    err,
    out,
  );
}
