import type { QueryInterface, Sequelize } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * Every server process keeps the sessions it looked up for at most one second
 * (app/server/session-cache.server.ts, ADR 001). So that an ended session, a
 * changed password or type, or a removed user takes effect on every process at
 * once, whoever writes it (this app, another process, a script, psql):
 *
 * - PostgreSQL: a trigger on UPDATE and DELETE of `sessions` and `users` sends
 *   `NOTIFY sessions_changed` with the user's id (sent when the writing
 *   transaction commits, never when it rolls back); each process LISTENs. A
 *   TRUNCATE of either table sends '*' (everyone).
 * - SQLite (no notifications between processes): `table_versions` rows for
 *   `sessions` and `users` (migration 0008's table), bumped by triggers on
 *   UPDATE and DELETE; each process reads them before trusting what it keeps
 *   (at most every 100 ms).
 *
 * A new session (INSERT) signals nothing: no process can have kept it.
 */
const TABLES = ["sessions", "users"] as const;
export const SESSION_SIGNAL_CHANNEL = "sessions_changed";

export const sessionSignals: Migration = {
  name: "0013-session-signals",
  async up(_qi: QueryInterface, sequelize: Sequelize) {
    if (sequelize.getDialect() === "postgres") {
      await sequelize.query(`
        CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'TRUNCATE' THEN
            PERFORM pg_notify('${SESSION_SIGNAL_CHANNEL}', '*');
          ELSIF TG_TABLE_NAME = 'sessions' THEN
            PERFORM pg_notify('${SESSION_SIGNAL_CHANNEL}', OLD."userId"::text);
          ELSE
            PERFORM pg_notify('${SESSION_SIGNAL_CHANNEL}', OLD."id"::text);
          END IF;
          RETURN NULL;
        END $$`);
      for (const table of TABLES) {
        await sequelize.query(
          `CREATE TRIGGER "${table}_changed" AFTER UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION "notify_sessions_changed"()`,
        );
        await sequelize.query(
          `CREATE TRIGGER "${table}_truncated" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"()`,
        );
      }
      return;
    }
    for (const table of TABLES) {
      await sequelize.query(`INSERT INTO "table_versions" ("name", "version") VALUES ('${table}', 1)`);
      for (const event of ["UPDATE", "DELETE"]) {
        await sequelize.query(
          `CREATE TRIGGER "${table}_version_${event.toLowerCase()}" AFTER ${event} ON "${table}" BEGIN ` +
            `UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = '${table}'; END`,
        );
      }
    }
  },
  async down(_qi: QueryInterface, sequelize: Sequelize) {
    if (sequelize.getDialect() === "postgres") {
      for (const table of TABLES) {
        await sequelize.query(`DROP TRIGGER IF EXISTS "${table}_changed" ON "${table}"`);
        await sequelize.query(`DROP TRIGGER IF EXISTS "${table}_truncated" ON "${table}"`);
      }
      await sequelize.query(`DROP FUNCTION IF EXISTS "notify_sessions_changed"()`);
      return;
    }
    for (const table of TABLES) {
      for (const event of ["update", "delete"]) await sequelize.query(`DROP TRIGGER IF EXISTS "${table}_version_${event}"`);
      await sequelize.query(`DELETE FROM "table_versions" WHERE "name" = '${table}'`);
    }
  },
};
