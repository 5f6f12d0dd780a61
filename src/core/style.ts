import type { Database } from "../store/db.ts";
import { nowIso } from "../store/db.ts";
import type { StyleHint } from "../gen/types.ts";

export interface StyleGuide {
  palette: string[];
  notes: string;
  enabled: boolean;
  updatedAt: string;
}

export function getStyleGuide(db: Database, packId: number): StyleGuide | null {
  const r = db.query("SELECT * FROM style_guides WHERE pack_id = ?").get(packId) as any;
  return r ? { palette: JSON.parse(r.palette), notes: r.notes, enabled: !!r.enabled, updatedAt: r.updated_at } : null;
}

export function putStyleGuide(
  db: Database,
  packId: number,
  g: { palette: string[]; notes: string; enabled: boolean },
): StyleGuide {
  const palette = g.palette.map((c) => c.toLowerCase());
  db.query(
    `INSERT INTO style_guides (pack_id, palette, notes, enabled, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (pack_id) DO UPDATE SET palette = excluded.palette, notes = excluded.notes, enabled = excluded.enabled, updated_at = excluded.updated_at`,
  ).run(packId, JSON.stringify(palette), g.notes, g.enabled ? 1 : 0, nowIso());
  return getStyleGuide(db, packId)!;
}

export function deleteStyleGuide(db: Database, packId: number): boolean {
  return db.query("DELETE FROM style_guides WHERE pack_id = ?").run(packId).changes > 0;
}

/** What a generator sees: the guide only when it exists, is on, and the request did not opt out. */
export function styleHintFor(db: Database, packId: number, useStyleGuide: boolean | undefined): StyleHint | null {
  if (useStyleGuide === false) return null;
  const g = getStyleGuide(db, packId);
  return g?.enabled ? { palette: g.palette, notes: g.notes } : null;
}
