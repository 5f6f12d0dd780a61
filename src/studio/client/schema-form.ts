/// <reference lib="dom" />
import { h, field, fill } from "./dom.ts";
import { api } from "./api.ts";
import { forPeople, SHOWN_WHEN, SUGGESTIONS, wordsFor } from "./words.ts";

/**
 * Forms are built from the server's own OpenAPI document, so every enum, limit and default the REST
 * body has shows up here without a second copy that could drift from the operation table.
 */
let doc: Promise<any> | null = null;
export const openapi = () => (doc ??= fetch("/openapi.json").then((r) => r.json()));

export interface BodySchema {
  properties: Record<string, any>;
  required: string[];
}

export async function bodySchema(method: string, path: string): Promise<BodySchema> {
  const d = await openapi();
  const op = d.paths[path]?.[method.toLowerCase()];
  const s = inline(op?.requestBody?.content?.["application/json"]?.schema, d.components?.schemas ?? {});
  return { properties: s?.properties ?? {}, required: s?.required ?? [] };
}

/** The document names shared schemas under components ($ref); a form needs them written out. */
function inline(node: any, named: Record<string, any>, depth = 0): any {
  if (Array.isArray(node)) return node.map((n) => inline(n, named, depth));
  if (!node || typeof node !== "object" || depth > 16) return node;
  if (typeof node.$ref === "string") return inline(named[node.$ref.split("/").pop()], named, depth + 1);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, named, depth)]));
}

/** Generation operations: POST /v1/packs/{pack}/<things> tagged "generation", in table order. */
export async function generationOps(): Promise<{ path: string; summary: string; description: string }[]> {
  const d = await openapi();
  return Object.entries(d.paths as Record<string, any>)
    .filter(([, item]) => item.post?.tags?.includes("generation"))
    .map(([path, item]) => ({ path, summary: item.post.summary, description: item.post.description }));
}

export const humanize = (key: string) => key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());

const enumOf = (s: any): string[] | null => {
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts) && alts.every((x: any) => "const" in x)) return alts.map((x: any) => x.const);
  return s.enum ?? null;
};

// The structured description is for when the prompt is not enough: after the everyday fields.
const LAST = ["spec", "name", "seed", "useStyleGuide"];

export interface SchemaForm {
  fields: HTMLElement[];
  read(): Record<string, unknown>;
}

/** Custom controls for fields the schema cannot describe well (e.g. a referenceId picked from a list). */
export type Overrides = Record<string, (label: string, required: boolean) => { el: HTMLElement; read: () => unknown }>;

export interface FormOptions {
  skip?: string[];
  overrides?: Overrides;
  idPrefix?: string;
  /** Which form's words (words.ts): a generation's path segment ("textures") or "upload". */
  form?: string;
  /** The API's operation names, so help text that names them is left out. */
  operationIds?: Set<string>;
  /** The release whose game names the suggestion lists offer. */
  minecraftVersion?: string;
}

export function schemaForm(schema: BodySchema, opts: FormOptions = {}): SchemaForm {
  const form = opts.form ?? "";
  const built: { key: string; el: HTMLElement; read: () => unknown }[] = [];
  // Required fields first, the fields every generation shares last; otherwise the schema's own order.
  const rank = (k: string) => (schema.required.includes(k) ? 0 : LAST.includes(k) ? 2 : 1);
  const entries = Object.entries(schema.properties).sort(([a], [b]) => rank(a) - rank(b));
  for (const [key, s] of entries) {
    if (opts.skip?.includes(key)) continue;
    const required = schema.required.includes(key);
    const words = wordsFor(form, key);
    const name = s.title ?? words?.label ?? humanize(key);
    const label = name + (required ? " (required)" : "");
    const id = `${opts.idPrefix ?? "f"}-${key}`;
    const hint = words?.help ?? hintOf(s, opts.operationIds);
    const custom = opts.overrides?.[key];
    if (custom) {
      built.push({ key, ...custom(label, required) });
      continue;
    }
    const choices = enumOf(s);
    if (choices) {
      // The server's default is selected from the start; "not set" is offered only when there is no default.
      const select = h(
        "select",
        { id, name: key, required },
        required || s.default !== undefined ? null : h("option", { value: "" }, "—"),
        choices.map((c) =>
          h(
            "option",
            { value: String(c), selected: s.default !== undefined && String(c) === String(s.default) },
            words?.choices?.[String(c)] ?? String(c),
          ),
        ),
      );
      built.push({
        key,
        el: field(label, select, hint),
        read: () => (select.value === "" ? undefined : choices.find((c) => String(c) === select.value)),
      });
    } else if (s.type === "boolean") {
      // Three states, so "leave it to the server" and an explicit off are both sayable (a checkbox could not
      // send false when the server's default is true: useStyleGuide).
      const select = h(
        "select",
        { id, name: key },
        h("option", { value: "" }, s.default !== undefined ? `default (${s.default ? "on" : "off"})` : "default"),
        h("option", { value: "true" }, "on"),
        h("option", { value: "false" }, "off"),
      );
      built.push({
        key,
        el: field(name, select, hint),
        read: () => (select.value === "" ? undefined : select.value === "true"),
      });
    } else if (s.type === "object" || (key === "spec" && !s.type)) {
      // Structured fields (a generation's `spec`) are typed as JSON; what does not parse is sent as text,
      // so the server's message says what is wrong.
      const area = h("textarea", {
        id,
        name: key,
        rows: 3,
        spellcheck: "false",
        placeholder: '{"material": "gold", "parts": [{"part": "hilt", "colour": "red"}]}',
      });
      built.push({
        key,
        el: field(words ? label : `${label} (JSON)`, area, hint),
        read: () => {
          const text = area.value.trim();
          if (!text) return undefined;
          try {
            return JSON.parse(text);
          } catch {
            return text;
          }
        },
      });
    } else if (s.type === "integer" || s.type === "number") {
      const input = h("input", {
        id,
        name: key,
        type: "number",
        required,
        min: s.minimum,
        max: s.maximum,
        step: s.type === "integer" ? 1 : "any",
        value:
          s.default !== undefined
            ? String(s.default)
            : required && words?.start !== undefined
              ? String(words.start)
              : undefined,
      });
      built.push({
        key,
        el: field(label, input, hint),
        read: () => (input.value === "" ? undefined : Number(input.value)),
      });
    } else if (s.type === "string" || Array.isArray(s.anyOf)) {
      const long = (s.maxLength ?? 0) > 200 || key === "prompt";
      const suggest = SUGGESTIONS[form]?.[key];
      const input = long
        ? h("textarea", { id, name: key, required, rows: 2, maxlength: s.maxLength, minlength: s.minLength })
        : h("input", {
            id,
            name: key,
            type: "text",
            required,
            maxlength: s.maxLength,
            minlength: s.minLength,
            autocomplete: "off",
            value: typeof s.default === "string" ? s.default : undefined,
            list: suggest ? `${id}-names` : undefined,
          });
      const kindNow = () => {
        if (typeof suggest !== "object") return suggest ?? null;
        const answer = built.find((b) => b.key === suggest.by)?.el.querySelector("select")?.value ?? "";
        return suggest.kinds[answer] ?? null;
      };
      const list = suggest ? gameNames(input as HTMLInputElement, `${id}-names`, kindNow, opts.minecraftVersion) : null;
      built.push({
        key,
        el: field(label, input, hint, list),
        read: () => (input.value.trim() === "" ? undefined : input.value),
      });
    }
  }
  showOnlyWhatTheModeUses(form, built);
  return {
    fields: built.map((b) => b.el),
    read() {
      const body: Record<string, unknown> = {};
      for (const b of built) {
        if (b.el.hidden) continue;
        const v = b.read();
        if (v !== undefined) body[b.key] = v;
      }
      return body;
    },
  };
}

/** Hides the fields another field's answer makes moot (a texture's description when it replaces a game one). */
function showOnlyWhatTheModeUses(form: string, built: { key: string; el: HTMLElement }[]): void {
  for (const [key, [on, answers]] of Object.entries(SHOWN_WHEN[form] ?? {})) {
    const dependent = built.find((b) => b.key === key);
    const control = built.find((b) => b.key === on)?.el.querySelector("select");
    if (!dependent || !control) continue;
    const update = () => (dependent.el.hidden = !answers.includes(control.value));
    control.addEventListener("change", update);
    update();
  }
}

/**
 * A datalist of the game's own names for a field, fetched for what has been typed so far (GET
 * /vanilla-names, a short pause after typing so each keystroke is not a request).
 */
function gameNames(
  input: HTMLInputElement,
  id: string,
  kindNow: () => string | null,
  version?: string,
): HTMLDataListElement {
  const list = h("datalist", { id });
  let timer = 0;
  let asked = "";
  const ask = async () => {
    const kind = kindNow();
    const search = input.value.trim();
    if (!kind) return fill(list);
    if (`${kind}:${search}` === asked && list.children.length) return;
    asked = `${kind}:${search}`;
    const q = new URLSearchParams({ kind, limit: "40" });
    if (search) q.set("search", search);
    if (version) q.set("minecraftVersion", version);
    try {
      const r = await api<{ names: string[] }>("GET", `/vanilla-names?${q}`);
      if (asked === `${kind}:${search}`)
        fill(
          list,
          r.names.map((n) => h("option", { value: n })),
        );
    } catch {}
  };
  input.addEventListener("focus", () => void ask());
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => void ask(), 250);
  });
  return list;
}

function hintOf(s: any, operationIds?: Set<string>): string | undefined {
  const parts: string[] = [];
  if (s.description) parts.push(operationIds ? forPeople(s.description, operationIds) : s.description);
  else if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum} to ${s.maximum}`);
  if (s.maxLength && !s.description) parts.push(`up to ${s.maxLength} characters`);
  const text = parts.join(" ").trim();
  return text || undefined;
}

/** The API's operation names (operationId), for leaving them out of help text. */
export async function operationIds(): Promise<Set<string>> {
  const d = await openapi();
  const ids = new Set<string>();
  for (const item of Object.values(d.paths as Record<string, any>))
    for (const op of Object.values(item as Record<string, any>))
      if (typeof op?.operationId === "string") ids.add(op.operationId);
  return ids;
}
