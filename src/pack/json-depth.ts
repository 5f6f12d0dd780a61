/**
 * How deeply a JSON text nests, found with one pass over its characters before it is parsed. Validation
 * and everything after it walk values recursively, so a body such as {"name": [[[…50,000 deep…]]]} would
 * overflow the stack (a 500); refused up front it is a plain 400. Hand-written: it must not recurse itself.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of objects and arrays in `text`, counting only brackets outside strings. */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return deepest;
}
