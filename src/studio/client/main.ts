/// <reference lib="dom" />
import { h, fill, errorBox, showError, plural, whileBusy } from "./dom.ts";
import { api, session, setSignedOutHandler, setWaitingHandler } from "./api.ts";
import { packsPage } from "./packs.ts";
import { packPage } from "./pack.ts";
import { accountPage } from "./account.ts";

/** A page: its element, its title, and what to stop (polling timers) when the user leaves it. */
export interface Page {
  title: string;
  el: HTMLElement;
  dispose?: () => void;
}

const main = document.getElementById("main")!;
const who = document.getElementById("who")!;
let current: Page | null = null;

function signInPage(): Page {
  const input = h("input", {
    id: "api-key",
    type: "password",
    autocomplete: "off",
    required: true,
    spellcheck: "false",
  });
  const err = errorBox();
  const submit = h("button", { type: "submit", class: "primary" }, "Sign in");
  const form = h(
    "form",
    {
      class: "panel narrow",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const key = input.value.trim();
        try {
          await whileBusy(submit, () => api("GET", "/account", undefined, key));
          session.signIn(key);
          location.hash = "#/packs";
        } catch (x) {
          showError(err, x);
          input.focus();
        }
      },
    },
    h("h1", {}, "Sign in"),
    h("p", {}, "Paste a REST API key. It stays in this browser's storage and is sent only to this server."),
    h("div", { class: "field" }, h("label", { for: "api-key" }, "API key"), input),
    err,
    submit,
  );
  return { title: "Sign in", el: form };
}

async function showWho(): Promise<void> {
  if (!session.key) return fill(who);
  try {
    const { account } = await api("GET", "/account");
    fill(
      who,
      h(
        "span",
        { class: "who-name" },
        account.name,
        " · ",
        h("span", { class: "credits" }, plural(account.credits, "credit")),
      ),
      h("button", { type: "button", class: "small", onclick: signOut }, "Sign out"),
    );
  } catch {
    fill(who);
  }
}

function signOut(): void {
  session.signOut();
  location.hash = "#/signin";
}

/** The request budget is spent: say so, with the seconds left, until the waiting request goes again. */
const waiting = document.getElementById("waiting");
setWaitingHandler((seconds) => {
  if (!waiting) return;
  waiting.hidden = seconds === 0;
  waiting.textContent =
    seconds === 0 ? "" : `The server's request budget for this key is spent; trying again in ${seconds} s.`;
});

setSignedOutHandler(() => {
  session.signOut();
  if (location.hash !== "#/signin") location.hash = "#/signin";
});

/** Hash routes: #/signin, #/packs, #/packs/<slug>[/generate|/upload|/style], #/account. */
async function route(): Promise<void> {
  current?.dispose?.();
  current = null;
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (!session.key && parts[0] !== "signin") {
    location.hash = "#/signin";
    return;
  }
  let page: Page;
  try {
    if (parts[0] === "signin") page = signInPage();
    else if (parts[0] === "account") page = await accountPage();
    else if (parts[0] === "packs" && parts[1]) page = await packPage(parts[1], parts[2] ?? "assets");
    else if (parts[0] === "packs") page = await packsPage();
    else {
      location.hash = "#/packs";
      return;
    }
  } catch (e) {
    const box = errorBox();
    showError(box, e);
    page = { title: "Error", el: h("section", { class: "panel" }, h("h1", {}, "Something went wrong"), box) };
  }
  current = page;
  document.title = `${page.title} · Packsmith`;
  fill(main, page.el);
  for (const a of document.querySelectorAll<HTMLAnchorElement>("header nav a")) {
    const active = location.hash.startsWith(a.getAttribute("href")!);
    if (active) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  document.body.dataset.page = parts[0] ?? "";
  void showWho();
  // Keyboard and screen-reader users land on the new page's heading, not on the link they left.
  const heading = main.querySelector("h1");
  if (heading) {
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }
  main.setAttribute("aria-busy", "false");
}

window.addEventListener("hashchange", () => void route());
void route();
