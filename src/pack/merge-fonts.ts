/**
 * Font definitions merged for a pack merge: both packs' providers, the higher-priority pack's first (the game takes
 * a character from the first provider that has it). A character the lower-priority pack's bitmap or space provider
 * defines that the other pack already defines would never be drawn from it, so it is moved to a free private-use
 * character (U+E000 up, unused by either pack's definition) and reported: text that used the old character must
 * use the new one. Providers the two have identically come once.
 */
type Json = Record<string, unknown>;

export interface CharMove {
  from: string;
  to: string;
  /** The bitmap the moved glyph comes from, or "space" for an advance. */
  provider: string;
}

const PRIVATE_USE_FIRST = 0xe000;
const PRIVATE_USE_LAST = 0xf8ff;
const NO_GLYPH = "\u0000";
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** Every character a font definition's bitmap and space providers define. */
function charsOf(providers: Json[]): Set<string> {
  const out = new Set<string>();
  for (const p of providers) {
    if (Array.isArray(p.chars)) for (const row of p.chars) if (typeof row === "string") for (const c of row) out.add(c);
    if (p.advances && typeof p.advances === "object") for (const c of Object.keys(p.advances as Json)) out.add(c);
  }
  out.delete(NO_GLYPH);
  return out;
}

export function mergeFonts(
  win: Json,
  lose: Json,
): { json: Json; outcome: "merged" | "renamed"; detail: string; chars: CharMove[] } | null {
  if (!Array.isArray(win.providers) || !Array.isArray(lose.providers)) return null;
  const mine = win.providers as Json[];
  const taken = charsOf(mine);
  const used = new Set([...taken, ...charsOf(lose.providers as Json[])]);
  let next = PRIVATE_USE_FIRST;
  const free = (): string | null => {
    while (next <= PRIVATE_USE_LAST && used.has(String.fromCodePoint(next))) next++;
    if (next > PRIVATE_USE_LAST) return null;
    const c = String.fromCodePoint(next++);
    used.add(c);
    return c;
  };
  const moves: CharMove[] = [];
  const added: Json[] = [];
  for (const p of lose.providers as Json[]) {
    if (mine.some((m) => JSON.stringify(m) === JSON.stringify(p))) continue;
    // A bitmap the winner already draws from (this pack merged before, its characters since moved): once is enough.
    if (p.type === "bitmap" && mine.some((m) => m.type === "bitmap" && m.file === p.file)) continue;
    const label = typeof p.file === "string" ? p.file : String(p.type ?? "provider");
    const move = (c: string): string => {
      if (c === NO_GLYPH || !taken.has(c)) return c;
      const to = free();
      if (!to) return c; // the private-use area is full: left clashing (the first provider wins in game)
      moves.push({ from: hex(c), to: hex(to), provider: p.type === "space" ? "space" : label });
      return to;
    };
    const copy: Json = { ...p };
    if (Array.isArray(p.chars))
      copy.chars = p.chars.map((row) => (typeof row === "string" ? [...row].map(move).join("") : row));
    if (p.advances && typeof p.advances === "object")
      copy.advances = Object.fromEntries(Object.entries(p.advances as Json).map(([c, v]) => [move(c), v]));
    added.push(copy);
  }
  const detail =
    `font providers concatenated (${added.length} added after the higher-priority pack's ${mine.length})` +
    (moves.length
      ? `; characters both packs defined moved on the lower-priority side: ${moves.map((m) => `${m.from} → ${m.to}`).join(", ")}`
      : "");
  return {
    json: { ...win, providers: [...mine, ...added] },
    outcome: moves.length ? "renamed" : "merged",
    detail,
    chars: moves,
  };
}
