/**
 * The read cache's change token on PostgreSQL (SqlDriver.changeToken): it moves whenever anything this process
 * or any other has committed could have changed an answer.
 *
 * Other processes: every table carries a statement-level trigger (attachChangeTriggers, run by the migrations)
 * that sends NOTIFY packsmith_changes with the table's name. PostgreSQL delivers a notification only when its
 * transaction commits (none on rollback) and folds repeats within one transaction, so a write costs no extra
 * round trip. This process's own writes move the token at once, without waiting for their notification to
 * come back. Bun.SQL keeps the LISTEN connection alive, re-subscribing after a drop; every (re)subscription moves
 * the token too, since notifications sent while it was down are lost. Until the first subscription is
 * acknowledged (or if it cannot be made) the token moves on every read, so the cache keeps nothing.
 *
 * A statement-level trigger fires for a statement that touched no row too: such a statement invalidates
 * caches for nothing, which is harmless, and row-level triggers would cost a call per row of a bulk import.
 *
 * The same channel carries announcements (announce/onAnnounced): a job finished by a `packsmith worker` process
 * wakes the API process's wait_for_job at once. Their payload is `@<origin> <event>` (a table name never starts
 * with `@`); the origin is this watch's random tag, so a process skips its own announcements, which it has
 * already dispatched locally.
 */
import type { SQL } from "bun";

export const CHANGES_CHANNEL = "packsmith_changes";

/** What an announcement's payload starts with (table names, the triggers' payload, never do). */
const ANNOUNCED = "@";

export class ChangeWatch {
  private local = 0;
  private remote = 0;
  private listening = false;
  private uncached = 0;
  private subscription: SQL.ListenSubscription | undefined;
  /** This process's tag on its announcements. */
  private readonly origin = crypto.randomUUID().slice(0, 8);
  private readonly handlers: ((event: string) => void)[] = [];

  /** "<commits by this process>:<notifications seen>" while listening. */
  token(): string {
    return this.listening ? `${this.local}:${this.remote}` : `unwatched:${++this.uncached}`;
  }

  /** This process committed a change. */
  wrote(): void {
    this.local++;
  }

  async start(sql: SQL): Promise<void> {
    try {
      this.subscription = await sql.listen(
        CHANGES_CHANNEL,
        (payload) => {
          // An announcement changes no data (the commit it follows moved the token already): caches keep theirs.
          if (payload.startsWith(ANNOUNCED)) this.received(payload);
          else this.remote++;
        },
        () => {
          this.remote++;
          this.listening = true;
        },
      );
    } catch {
      // No LISTEN (a pooler that does not forward it, say): the token stays "unwatched" and the cache off.
      this.listening = false;
    }
  }

  /** The payload that announces `event` to the other processes (sent with pg_notify on CHANGES_CHANNEL). */
  announcement(event: string): string {
    return `${ANNOUNCED}${this.origin} ${event}`;
  }

  /** Calls `handler` with every event another process announces. */
  onAnnounced(handler: (event: string) => void): void {
    this.handlers.push(handler);
  }

  private received(payload: string): void {
    const space = payload.indexOf(" ");
    if (space < 0 || payload.slice(ANNOUNCED.length, space) === this.origin) return;
    const event = payload.slice(space + 1);
    for (const h of this.handlers) {
      try {
        h(event);
      } catch (e) {
        // A throwing handler would be an uncaught exception in Bun's listener: report it and go on.
        console.error(`handling the announcement '${event}' failed:`, e);
      }
    }
  }

  async stop(): Promise<void> {
    this.listening = false;
    await this.subscription?.unlisten().catch(() => {});
  }
}

/**
 * Gives every table of the current schema that has none the trigger that announces its changes (run after each
 * migration, so a table a later migration adds is covered without anyone remembering to).
 */
export const ATTACH_CHANGE_TRIGGERS = `
CREATE OR REPLACE FUNCTION packsmith_notify_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('${CHANGES_CHANNEL}', TG_TABLE_NAME);
  RETURN NULL;
END
$fn$;
DO $do$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname NOT IN ('schema_version', 'rate_slots')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'packsmith_changed')
  LOOP
    EXECUTE format('CREATE TRIGGER packsmith_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION packsmith_notify_change()', t);
  END LOOP;
END
$do$;
`;
