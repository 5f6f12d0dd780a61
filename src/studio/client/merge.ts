/// <reference lib="dom" />
/**
 * The pack page's merge panel: another pack's zip merged into this one (POST /packs/{pack}/merges), then the job's
 * report shown simply: counts by outcome, and the paths that were not simply added, with why.
 */
import { h, fill, errorBox, showError, showFailure, statusLine, whileBusy } from "./dom.ts";
import { api, sendFile, type Pack } from "./api.ts";

interface MergeLine {
  path: string;
  outcome: string;
  why: string;
}

export function mergePanel(pack: Pack): HTMLElement {
  const status = statusLine();
  const err = errorBox();
  const result = h("div", { id: "merge-report" });
  const input = h("input", {
    id: "merge-file",
    type: "file",
    accept: ".zip,application/zip",
    "aria-label": "Pack zip to merge",
  });
  const priority = h(
    "select",
    { id: "merge-priority", "aria-label": "Which pack wins a clash" },
    h("option", { value: "under" }, "this pack wins clashes"),
    h("option", { value: "over" }, "the merged pack wins clashes"),
  );
  const button = h("button", { type: "button", id: "merge-button" }, "Merge");
  button.addEventListener("click", () => {
    const file = input.files?.[0];
    if (!file) return showError(err, new Error("choose a pack zip to merge"));
    fill(err);
    fill(result);
    void whileBusy(button, async () => {
      status.textContent = "Sending the zip…";
      const upload = await sendFile(file, (p) => (status.textContent = `Sending the zip… ${p}%`));
      const accepted = await api<{ job: string }>("POST", `/packs/${encodeURIComponent(pack.slug)}/merges`, {
        file: { upload },
        priority: priority.value,
      });
      status.textContent = "Merging…";
      for (;;) {
        const job = await api("GET", `/jobs/${encodeURIComponent(accepted.job)}`);
        if (job.status === "error") throw new Error(job.error ?? "the merge failed");
        if (job.status === "ready") {
          status.textContent = "Merged.";
          showReport(result, job.merge);
          break;
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    }).catch((x) => showFailure(status, err, x));
  });
  return h(
    "section",
    { class: "merge", "aria-label": "Merge another pack" },
    h("h2", {}, "Merge another pack into this one"),
    h("div", { class: "export-row" }, input, priority, button),
    status,
    err,
    result,
  );
}

function showReport(el: HTMLElement, report: { counts: Record<string, number>; paths: MergeLine[] }): void {
  const notable = report.paths.filter((p) => p.outcome !== "added");
  fill(
    el,
    h(
      "p",
      { class: "meta", id: "merge-counts" },
      Object.entries(report.counts)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${n} ${k}`)
        .join(" · "),
    ),
    notable.length
      ? h(
          "table",
          { class: "merge-paths" },
          h("thead", {}, h("tr", {}, h("th", {}, "Path"), h("th", {}, "Outcome"), h("th", {}, "Why"))),
          h(
            "tbody",
            {},
            notable.map((p) =>
              h("tr", {}, h("td", {}, h("code", {}, p.path)), h("td", {}, p.outcome), h("td", {}, p.why)),
            ),
          ),
        )
      : null,
  );
}
