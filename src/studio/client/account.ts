/// <reference lib="dom" />
import { h, fill, field, errorBox, showError, statusLine } from "./dom.ts";
import { api, session } from "./api.ts";
import type { Page } from "./main.ts";

interface Key {
  id: string;
  kind: string;
  readOnly: boolean;
  createdAt: string;
  revokedAt: string | null;
  current: boolean;
}

const when = (iso: string) => iso.replace("T", " ").replace(/\.\d+Z$/, " UTC");

export async function accountPage(): Promise<Page> {
  const [{ account }, ledger] = await Promise.all([api("GET", "/account"), api("GET", "/account/ledger?limit=50")]);
  const keysPanel = h(
    "section",
    { class: "panel", "aria-labelledby": "keys-title" },
    h("h2", { id: "keys-title" }, "API keys"),
  );
  await drawKeys(keysPanel);
  const el = h(
    "div",
    { class: "page" },
    h("h1", {}, "Account"),
    h(
      "section",
      { class: "panel", "aria-labelledby": "balance-title" },
      h("h2", { id: "balance-title" }, "Credits"),
      h(
        "p",
        { class: "balance" },
        h("strong", { id: "balance" }, String(account.credits)),
        account.credits === 1 ? " credit" : " credits",
      ),
      h("p", { class: "meta" }, `${account.name} · ${account.plan} plan`),
      h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          { class: "ledger" },
          h("caption", {}, "Ledger (newest first)"),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              ["When", "Change", "Reason", "Asset", "Balance"].map((t) => h("th", { scope: "col" }, t)),
            ),
          ),
          h(
            "tbody",
            {},
            ledger.entries.map((e: any) =>
              h(
                "tr",
                {},
                h("td", {}, when(e.createdAt)),
                h("td", { class: e.delta < 0 ? "neg" : "pos" }, e.delta > 0 ? `+${e.delta}` : String(e.delta)),
                h("td", {}, e.reason),
                h("td", {}, e.asset ? h("code", {}, e.asset) : "—"),
                h("td", {}, String(e.balanceAfter)),
              ),
            ),
          ),
        ),
      ),
    ),
    keysPanel,
  );
  return { title: "Account", el };
}

async function drawKeys(panel: HTMLElement): Promise<void> {
  const heading = panel.firstElementChild!;
  const err = errorBox();
  const status = statusLine();
  const shown = h("div", { class: "secret-box" });
  let keys: Key[] = [];
  try {
    keys = (await api("GET", "/account/keys")).keys;
  } catch (x) {
    showError(err, x);
    fill(panel, heading, err);
    return;
  }
  const kind = h(
    "select",
    { id: "key-kind" },
    h("option", { value: "rest" }, "REST (HTTP API, studio)"),
    h("option", { value: "mcp" }, "MCP (agent tools)"),
  );
  const readOnly = h("input", { id: "key-readonly", type: "checkbox" });
  const create = h(
    "form",
    {
      class: "key-form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        fill(err);
        try {
          const r = await api("POST", "/account/keys", { kind: kind.value, readOnly: readOnly.checked });
          await drawKeys(panel);
          const box = panel.querySelector<HTMLElement>(".secret-box")!;
          const secret = h("input", { id: "new-key", type: "text", readonly: true, value: r.key, class: "secret" });
          fill(
            box,
            h(
              "p",
              {},
              h("strong", {}, `New ${r.info.kind} key ${r.info.id}${r.info.readOnly ? " (read-only)" : ""}.`),
              " Copy it now: it is not shown again.",
            ),
            field("Secret", secret),
            h(
              "button",
              {
                type: "button",
                class: "small",
                onclick: () =>
                  navigator.clipboard
                    ?.writeText(r.key)
                    .then(() => (box.querySelector(".status")!.textContent = "Copied.")),
              },
              "Copy",
            ),
            statusLine(),
          );
          secret.focus();
          secret.select();
        } catch (x) {
          showError(err, x);
        }
      },
    },
    h("h3", {}, "Create a key"),
    field("Kind", kind),
    h("div", { class: "field check" }, readOnly, h("label", { for: "key-readonly" }, "Read-only")),
    h("button", { type: "submit", class: "primary" }, "Create key"),
  );
  const table = h(
    "table",
    { class: "keys" },
    h("caption", {}, "Keys"),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["Id", "Kind", "Access", "Created", "State", ""].map((t, i) =>
          h("th", { scope: "col" }, t || h("span", { class: "visually-hidden" }, i === 5 ? "Actions" : "")),
        ),
      ),
    ),
    h(
      "tbody",
      {},
      keys.map((k) =>
        h(
          "tr",
          { "data-key": k.id },
          h("td", {}, h("code", {}, k.id), k.current ? " (this session)" : ""),
          h("td", {}, k.kind),
          h("td", {}, k.readOnly ? "read-only" : "read & write"),
          h("td", {}, when(k.createdAt)),
          h("td", { class: "key-state" }, k.revokedAt ? `revoked ${when(k.revokedAt)}` : "active"),
          h(
            "td",
            {},
            k.revokedAt
              ? null
              : h(
                  "button",
                  {
                    type: "button",
                    class: "small danger",
                    "aria-label": `Revoke key ${k.id}`,
                    onclick: async () => {
                      if (k.current && !confirm("This is the key you are signed in with. Revoke it and sign out?"))
                        return;
                      try {
                        await api("DELETE", `/account/keys/${encodeURIComponent(k.id)}`);
                        if (k.current) return (session.signOut(), void (location.hash = "#/signin"));
                        await drawKeys(panel);
                        panel.querySelector(".status")!.textContent = `Revoked ${k.id}.`;
                      } catch (x) {
                        showError(err, x);
                      }
                    },
                  },
                  "Revoke",
                ),
          ),
        ),
      ),
    ),
  );
  fill(panel, heading, create, shown, err, status, h("div", { class: "table-scroll" }, table));
}
