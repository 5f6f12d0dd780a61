import type { SqlDriver } from "../store/sql.ts";
import { nowIso } from "../store/db.ts";
import type { StyleHint } from "../gen/types.ts";
import type { Dither } from "../gen/look/palette-lock.ts";

export interface StyleGuide {
  palette: string[];
  notes: string;
  /** How generated pictures show shades between two palette colours: the nearer one, or an ordered mix. */
  dither: Dither;
  enabled: boolean;
  updatedAt: string;
}

export async function getStyleGuide(db: SqlDriver, packId: number): Promise<StyleGuide | null> {
  const r = await db.get<any>("SELECT * FROM style_guides WHERE pack_id = ?", [packId]);
  return r
    ? {
        palette: JSON.parse(r.palette),
        notes: r.notes,
        dither: r.dither === "ordered" ? "ordered" : "none",
        enabled: !!r.enabled,
        updatedAt: r.updated_at,
      }
    : null;
}

export async function putStyleGuide(
  db: SqlDriver,
  packId: number,
  g: { palette: string[]; notes: string; dither: Dither; enabled: boolean },
): Promise<StyleGuide> {
  const palette = g.palette.map((c) => c.toLowerCase());
  await db.run(
    `INSERT INTO style_guides (pack_id, palette, notes, dither, enabled, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (pack_id) DO UPDATE SET palette = excluded.palette, notes = excluded.notes, dither = excluded.dither, enabled = excluded.enabled, updated_at = excluded.updated_at`,
    [packId, JSON.stringify(palette), g.notes, g.dither, g.enabled ? 1 : 0, nowIso()],
  );
  return (await getStyleGuide(db, packId))!;
}

export async function deleteStyleGuide(db: SqlDriver, packId: number): Promise<boolean> {
  return (await db.run("DELETE FROM style_guides WHERE pack_id = ?", [packId])).changes > 0;
}

/** What a generator sees: the guide only when it exists, is on, and the request did not opt out. */
export async function styleHintFor(
  db: SqlDriver,
  packId: number,
  useStyleGuide: boolean | undefined,
): Promise<StyleHint | null> {
  if (useStyleGuide === false) return null;
  const g = await getStyleGuide(db, packId);
  return g?.enabled
    ? { palette: g.palette, notes: g.notes, ...(g.dither !== "none" ? { dither: g.dither } : {}) }
    : null;
}
