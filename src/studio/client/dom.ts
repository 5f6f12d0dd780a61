/// <reference lib="dom" />
/** A tiny element builder: text always goes in as text nodes, never as HTML, so nothing from the API can inject markup. */
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function")
      el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
    else if (k === "value" || k === "checked" || k === "selected") (el as any)[k] = v;
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: (Child | Child[])[]): void {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "number" ? String(c) : c);
  }
}

/** Replaces an element's children. */
export function fill(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren();
  append(el, children);
}

let ids = 0;
/** A page-unique id for label/aria wiring. */
export const uid = (prefix = "f") => `${prefix}-${++ids}`;

/** A labelled control: label above, control, optional hint wired through aria-describedby. */
export function field(label: string, control: HTMLElement, hint?: string, extra?: Element | null): HTMLElement {
  const id = control.id || (control.id = uid());
  const hintEl = hint ? h("small", { id: `${id}-hint`, class: "hint" }, hint) : null;
  if (hintEl) control.setAttribute("aria-describedby", hintEl.id);
  return h("div", { class: "field" }, h("label", { for: id }, label), control, hintEl, extra);
}

/** A status line whose changes screen readers announce. */
export function statusLine(): HTMLElement {
  return h("p", { class: "status", role: "status", "aria-live": "polite" });
}

export function errorBox(): HTMLElement {
  return h("div", { class: "error", role: "alert" });
}

export function showError(box: HTMLElement, e: unknown): void {
  const msg = e instanceof Error ? e.message : String(e);
  const code = (e as { code?: string }).code;
  fill(box, code ? h("strong", {}, code + ": ") : null, msg);
}

/** An action that failed: its progress line is cleared (it told of work that did not finish) and the error shown. */
export function showFailure(status: HTMLElement, box: HTMLElement, e: unknown): void {
  status.textContent = "";
  showError(box, e);
}

export const badge = (status: string) => h("span", { class: `badge badge-${status}` }, status);

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** "1 texture", "2 textures", "1 credit". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Runs `work` with `button` disabled and marked busy, so a slow or waiting request cannot be sent twice
 * and the person sees that something is happening.
 */
export async function whileBusy<T>(button: HTMLButtonElement, work: () => Promise<T>): Promise<T> {
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    return await work();
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

/**
 * A file's upload shown in percent: a bar, and the same number in the status line next to the file's name.
 * Hidden until a file goes up; `done` hides it again.
 */
export function uploadProgress(status: HTMLElement): {
  el: HTMLProgressElement;
  show(file: string, percent: number): void;
  done(): void;
} {
  const el = h("progress", { class: "upload-progress", max: 100, value: 0, hidden: true, "aria-label": "Upload" });
  return {
    el,
    show(file, percent) {
      el.hidden = false;
      el.value = percent;
      el.setAttribute("aria-valuetext", `${percent}%`);
      status.textContent = `Uploading ${file}… ${percent}%`;
    },
    done: () => (el.hidden = true),
  };
}
