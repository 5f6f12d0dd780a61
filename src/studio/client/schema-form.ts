/// <reference lib="dom" />
import { h, field } from "./dom.ts";

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

const LAST = ["name", "seed", "useStyleGuide"];

export interface SchemaForm {
  fields: HTMLElement[];
  read(): Record<string, unknown>;
}

/** Custom controls for fields the schema cannot describe well (e.g. a referenceId picked from a list). */
export type Overrides = Record<string, (label: string, required: boolean) => { el: HTMLElement; read: () => unknown }>;

export function schemaForm(
  schema: BodySchema,
  opts: { skip?: string[]; overrides?: Overrides; idPrefix?: string } = {},
): SchemaForm {
  const readers: [string, () => unknown][] = [];
  const fields: HTMLElement[] = [];
  // Required fields first, the fields every generation shares last; otherwise the schema's own order.
  const rank = (k: string) => (schema.required.includes(k) ? 0 : LAST.includes(k) ? 2 : 1);
  const entries = Object.entries(schema.properties).sort(([a], [b]) => rank(a) - rank(b));
  for (const [key, s] of entries) {
    if (opts.skip?.includes(key)) continue;
    const required = schema.required.includes(key);
    const label = humanize(key) + (required ? " (required)" : "");
    const id = `${opts.idPrefix ?? "f"}-${key}`;
    const custom = opts.overrides?.[key];
    if (custom) {
      const c = custom(label, required);
      fields.push(c.el);
      readers.push([key, c.read]);
      continue;
    }
    const hint = hintOf(s);
    const choices = enumOf(s);
    if (choices) {
      const select = h(
        "select",
        { id, name: key, required },
        required ? null : h("option", { value: "" }, s.default !== undefined ? `default (${s.default})` : "—"),
        choices.map((c) => h("option", { value: String(c) }, String(c))),
      );
      fields.push(field(label, select, hint));
      readers.push([key, () => (select.value === "" ? undefined : choices.find((c) => String(c) === select.value))]);
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
      fields.push(field(humanize(key), select, hint));
      readers.push([key, () => (select.value === "" ? undefined : select.value === "true")]);
    } else if (s.type === "object") {
      // Structured fields (a generation's `spec`) are typed as JSON; what does not parse is sent as text,
      // so the server's message says what is wrong.
      const area = h("textarea", {
        id,
        name: key,
        rows: 3,
        spellcheck: "false",
        placeholder: '{"material": "gold", "parts": [{"part": "hilt", "colour": "red"}]}',
      });
      fields.push(field(`${label} (JSON)`, area, hint));
      readers.push([
        key,
        () => {
          const text = area.value.trim();
          if (!text) return undefined;
          try {
            return JSON.parse(text);
          } catch {
            return text;
          }
        },
      ]);
    } else if (s.type === "integer" || s.type === "number") {
      const input = h("input", {
        id,
        name: key,
        type: "number",
        required,
        min: s.minimum,
        max: s.maximum,
        step: s.type === "integer" ? 1 : "any",
        placeholder: s.default !== undefined ? String(s.default) : undefined,
      });
      fields.push(field(label, input, hint));
      readers.push([key, () => (input.value === "" ? undefined : Number(input.value))]);
    } else if (s.type === "string" || Array.isArray(s.anyOf)) {
      const long = (s.maxLength ?? 0) > 200 || key === "prompt";
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
          });
      fields.push(field(label, input, hint));
      readers.push([key, () => (input.value.trim() === "" ? undefined : input.value)]);
    }
  }
  return {
    fields,
    read() {
      const body: Record<string, unknown> = {};
      for (const [k, r] of readers) {
        const v = r();
        if (v !== undefined) body[k] = v;
      }
      return body;
    },
  };
}

function hintOf(s: any): string | undefined {
  const parts: string[] = [];
  if (s.description) parts.push(s.description);
  else if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum} to ${s.maximum}`);
  if (s.maxLength && !s.description) parts.push(`up to ${s.maxLength} characters`);
  return parts.length ? parts.join(" ") : undefined;
}
