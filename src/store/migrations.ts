import { ORIGIN_MIGRATION } from "../origin/registry.ts";

/**
 * Numbered schema migrations, applied in order at start (PRAGMA user_version records the last one).
 * Never edit a landed migration: add the next number.
 */
export const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL CHECK (plan IN ('starter','creator','pro')),
  credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
  created_at TEXT NOT NULL
);
CREATE TABLE credit_ledger (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  delta INTEGER NOT NULL,
  reason TEXT NOT NULL,
  asset_id INTEGER,
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  created_at TEXT NOT NULL
);
CREATE INDEX credit_ledger_account ON credit_ledger(account_id, id);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  kind TEXT NOT NULL CHECK (kind IN ('rest','mcp')),
  read_only INTEGER NOT NULL DEFAULT 0,
  hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX api_keys_account ON api_keys(account_id);
CREATE TABLE packs (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  minecraft_version TEXT NOT NULL,
  owner_id INTEGER NOT NULL REFERENCES accounts(id),
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX packs_owner ON packs(owner_id);
CREATE TABLE pack_members (
  pack_id INTEGER NOT NULL REFERENCES packs(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  added_at TEXT NOT NULL,
  PRIMARY KEY (pack_id, account_id)
) WITHOUT ROWID;
CREATE INDEX pack_members_account ON pack_members(account_id);
CREATE TABLE assets (
  id INTEGER PRIMARY KEY,
  pack_id INTEGER NOT NULL REFERENCES packs(id),
  kind TEXT NOT NULL CHECK (kind IN ('texture','model','font','sound')),
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('generating','ready','error')),
  source TEXT NOT NULL CHECK (source IN ('generated','uploaded','imported')),
  display_name TEXT,
  prompt TEXT,
  error TEXT,
  blob TEXT,
  size_bytes INTEGER,
  target TEXT,
  meta TEXT NOT NULL DEFAULT '{}',
  request TEXT,
  cost INTEGER NOT NULL DEFAULT 0,
  charged_to INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  touched_at INTEGER NOT NULL,
  UNIQUE (pack_id, kind, name)
);
CREATE INDEX assets_pack ON assets(pack_id);
CREATE INDEX assets_pack_kind ON assets(pack_id, kind);
CREATE INDEX assets_generating ON assets(touched_at) WHERE status = 'generating';
CREATE TABLE style_guides (
  pack_id INTEGER PRIMARY KEY REFERENCES packs(id),
  palette TEXT NOT NULL,
  notes TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    sql: `
CREATE TABLE imports (
  pack_id INTEGER PRIMARY KEY REFERENCES packs(id),
  status TEXT NOT NULL CHECK (status IN ('generating','ready','error')),
  error TEXT,
  plan TEXT NOT NULL,
  report TEXT,
  source_blob TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  touched_at INTEGER NOT NULL
);
CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  status TEXT NOT NULL CHECK (status IN ('waiting','received','used')),
  blob TEXT,
  size_bytes INTEGER,
  file_name TEXT,
  expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
`,
  },
  { version: 3, sql: ORIGIN_MIGRATION },
  // The pack icon (pack.png) is a property of the pack, not an asset: it has no kind in the spec.
  { version: 4, sql: "ALTER TABLE packs ADD COLUMN icon_blob TEXT" },
  // Reference images for generation (web studio): kept per pack, named by an id generation bodies carry.
  {
    version: 5,
    sql: `
CREATE TABLE reference_images (
  id TEXT PRIMARY KEY,
  pack_id INTEGER NOT NULL REFERENCES packs(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  blob TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  file_name TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX reference_images_pack ON reference_images(pack_id);
`,
  },
  // Keys show a recognisable prefix of their secret and when they were last used (keys list, account page).
  // Numbers 6-11 are taken by work landing alongside this one.
  {
    version: 12,
    sql: `
ALTER TABLE api_keys ADD COLUMN prefix TEXT;
ALTER TABLE api_keys ADD COLUMN last_used_at TEXT;
`,
  },
  // Pack files: what an imported pack holds that is not an asset (language files, blockstates, entity art,
  // OptiFine folders, overlays for other versions…), kept byte for byte and written back on export.
  {
    version: 13,
    sql: `
CREATE TABLE pack_files (
  id INTEGER PRIMARY KEY,
  pack_id INTEGER NOT NULL REFERENCES packs(id),
  path TEXT NOT NULL,
  blob TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (pack_id, path)
);
`,
  },
  // Published builds: immutable zips served without a key at an unguessable URL, for server.properties.
  {
    version: 14,
    sql: `
CREATE TABLE published_builds (
  id TEXT PRIMARY KEY,
  pack_id INTEGER NOT NULL REFERENCES packs(id),
  blob TEXT NOT NULL,
  sha1 TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  minecraft_version TEXT NOT NULL,
  resource_pack_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX published_builds_pack ON published_builds(pack_id);
`,
  },
  // Finding assets (list_assets' q and status): a covering index in id order, so a filtered page is one walk
  // over index entries from the cursor, never a read of rows that do not match (core/assets.ts listAssets).
  { version: 15, sql: "CREATE INDEX assets_pack_find ON assets(pack_id, id, kind, status, name)" },
  // Pack merges (issue 25): one row per merge into an existing pack, polled as `<pack>:merge:<id>`.
  {
    version: 16,
    sql: `
CREATE TABLE merges (
  id INTEGER PRIMARY KEY,
  pack_id INTEGER NOT NULL REFERENCES packs(id),
  status TEXT NOT NULL CHECK (status IN ('generating','ready','error')),
  priority TEXT NOT NULL CHECK (priority IN ('over','under')),
  source_blob TEXT NOT NULL,
  error TEXT,
  report TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX merges_pack ON merges(pack_id);
`,
  },
  // Polymath upload tokens (issue 25): the secret part of the base address an item plugin uploads to.
  {
    version: 17,
    sql: `
CREATE TABLE polymath_tokens (
  id TEXT PRIMARY KEY,
  pack_id INTEGER NOT NULL REFERENCES packs(id),
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX polymath_tokens_pack ON polymath_tokens(pack_id);
`,
  },
  // The style guide's palette lock: how locked pictures show shades between two palette colours.
  {
    version: 18,
    sql: `ALTER TABLE style_guides ADD COLUMN dither TEXT NOT NULL DEFAULT 'none';`,
  },
  // Job leases: a runner (the embedded pool or a `packsmith worker` process) claims a generating asset by
  // writing its owner and an expiry; completion and failure check the owner (fencing), and a lease that ran
  // out makes the job claimable again. The PostgreSQL history adds the same columns (lease_owner TEXT,
  // lease_until BIGINT): PostgreSQL migration 5.
  {
    version: 19,
    sql: `
ALTER TABLE assets ADD COLUMN lease_owner TEXT;
ALTER TABLE assets ADD COLUMN lease_until INTEGER;
CREATE INDEX assets_claimable ON assets(lease_until) WHERE status = 'generating';
`,
  },
  // Secrets every process of an install shares: the download-link signing secret (core/signed-urls.ts), which
  // used to be the data folder's signing.key file (adopted into this table on first use, so links already handed
  // out stay valid). PostgreSQL migration 6 has the same table.
  {
    version: 20,
    sql: `
CREATE TABLE secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
  },
  // Attempts: how many times a job has been claimed; a job whose runs were cut off --max-attempts times (its
  // runner killed or crashed each time) is failed and refunded instead of claimed again. And the queue in claim
  // order: without it a claim (oldest generating job first) walked every asset in id order, ready ones included.
  // PostgreSQL migration 7.
  {
    version: 21,
    sql: `
ALTER TABLE assets ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
CREATE INDEX assets_queue ON assets(id) WHERE status = 'generating';
`,
  },
];
