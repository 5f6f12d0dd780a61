export type { SqlDriver, SqlParam } from "./sql.ts";
export { UniqueViolation } from "./sql.ts";
export { NewerSchema, openSqlite, SqliteDriver } from "./sqlite-driver.ts";

export const nowIso = () => new Date().toISOString();
