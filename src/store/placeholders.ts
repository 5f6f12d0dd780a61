/**
 * `?` placeholders to PostgreSQL's `$1..$n`. Hand-written because the rewrite must know exactly which `?` are
 * placeholders: one inside a string literal ('what?'), a quoted identifier ("a?"), a comment or a dollar-quoted
 * body is text and stays as it is. PostgreSQL's jsonb operators `?`, `?|` and `?&` cannot be written in portable
 * SQL through this (use jsonb_exists and friends instead).
 */
export function toPgPlaceholders(sql: string): { text: string; count: number } {
  let out = "";
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const end = skipQuoted(sql, i);
    if (end > i) {
      out += sql.slice(i, end);
      i = end;
    } else if (c === "?") {
      out += `$${++n}`;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return { text: out, count: n };
}

/** The index just past a literal, quoted identifier or comment starting at i, or i when none starts there. */
function skipQuoted(sql: string, i: number): number {
  const c = sql[i];
  const next = sql[i + 1];
  if (c === "'" || c === '"') {
    // E'...' strings take backslash escapes; plain ones (standard_conforming_strings, the default) do not.
    const backslashes = c === "'" && i > 0 && /[eE]/.test(sql[i - 1]) && !/\w/.test(sql[i - 2] ?? "");
    let j = i + 1;
    while (j < sql.length) {
      if (backslashes && sql[j] === "\\") j += 2;
      else if (sql[j] === c) {
        if (sql[j + 1] === c)
          j += 2; // '' or "" is the quote itself
        else return j + 1;
      } else j++;
    }
    return sql.length;
  }
  if (c === "-" && next === "-") {
    const nl = sql.indexOf("\n", i);
    return nl < 0 ? sql.length : nl + 1;
  }
  if (c === "/" && next === "*") {
    // PostgreSQL's block comments nest.
    let depth = 0;
    let j = i;
    while (j < sql.length) {
      if (sql[j] === "/" && sql[j + 1] === "*") {
        depth++;
        j += 2;
      } else if (sql[j] === "*" && sql[j + 1] === "/") {
        depth--;
        j += 2;
        if (depth === 0) return j;
      } else j++;
    }
    return sql.length;
  }
  if (c === "$" && !/\w/.test(sql[i - 1] ?? "")) {
    const tag = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(sql.slice(i));
    if (tag) {
      const close = sql.indexOf(tag[0], i + tag[0].length);
      return close < 0 ? sql.length : close + tag[0].length;
    }
  }
  return i;
}
