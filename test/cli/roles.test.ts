import { join } from "node:path";
import { openSqlite } from "../../src/store/db.ts";
import { rolesSuite } from "../support/roles-suite.ts";

/** Roles end to end on sqlite + the blob folder: one API process (the folder lock allows one) and 2 workers. */
rolesSuite("sqlite + folder", 1, async (dir) => ({
  flags: ["--data", dir],
  open: async () => openSqlite(join(dir, "packsmith.sqlite")),
}));
