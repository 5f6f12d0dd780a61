import { join } from "node:path";
import { openSqlite } from "../../src/store/db.ts";
import { rolesSuite } from "../support/roles-suite.ts";
import { rolesRunsSuite } from "../support/roles-runs-suite.ts";

const sqliteFolder = async (dir: string) => ({
  flags: ["--data", dir],
  open: async () => openSqlite(join(dir, "packsmith.sqlite")),
});

/** Roles end to end on sqlite + the blob folder: one API process (the folder lock allows one) and 2 workers. */
rolesSuite("sqlite + folder", 1, sqliteFolder);
/** sqlite has no notifications between processes: a wait in the API process sees the worker's result at its re-check. */
rolesRunsSuite("sqlite + folder", false, sqliteFolder);
