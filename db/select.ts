import type { Sequelize } from "sequelize";
import { withDriverConnection, type PgDriverConnection, type SqlValue, type SqliteDriverConnection } from "./driver";
import { assertUnauditedWrite } from "./audit.ts";

export type { SqlValue };
type Compiled = { text: string; names: string[]; id: string };
const compiled = new Map<string, Compiled>();

/** `:name` placeholders (outside quotes) → the driver's positional form, once per statement. */
function compile(sql: string, dialect: "sqlite" | "postgres"): Compiled {
  const key = `${dialect}\u0000${sql}`;
  let found = compiled.get(key);
  if (!found) {
    const names: string[] = [];
    const text = sql.replace(/("(?:[^"]|"")*"|'(?:[^']|'')*')|::|:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, quoted, name) => {
      if (quoted || !name) return whole;
      names.push(name);
      return dialect === "postgres" ? `$${names.length}` : "?";
    });
    found = { text, names, id: `select_${compiled.size + 1}` };
    compiled.set(key, found);
  }
  return found;
}

/**
 * A read-only SELECT with `:name` parameters, straight on the driver of a
 * Sequelize connection (app/platform/db.server.ts `selectRows` for the app's reads).
 * The same SQL runs on both databases; the placeholders are translated here,
 * once per statement. Values must be scalars (dates as text). Rows come back
 * as the driver gives them, as `sequelize.query` would return them.
 */
export async function selectOn<T>(
  sequelize: Sequelize,
  sql: string,
  params: Record<string, SqlValue> = {},
  log = false,
  options: ReadOptions = {},
): Promise<T[]> {
  return runOn<T>(sequelize, sql, params, log, "read", options);
}

export interface ReadOptions {
  /**
   * PostgreSQL: plan the statement for each call's values instead of naming it
   * (a named statement gets one generic plan after five calls). For a query whose
   * best plan depends on how selective its values are (a search).
   */
  planEachCall?: boolean;
}

/**
 * One writing statement (`INSERT … ON CONFLICT … RETURNING`, `UPDATE … RETURNING`,
 * `DELETE`), same placeholders as `selectOn`, outside any transaction: it is
 * atomic on its own on both databases. Returns the rows of its RETURNING clause.
 */
export async function writeOn<T>(sequelize: Sequelize, sql: string, params: Record<string, SqlValue> = {}, log = false): Promise<T[]> {
  // An audited table is written through its model, which writes the audit entry (db/audit.ts).
  assertUnauditedWrite(sql);
  return runOn<T>(sequelize, sql, params, log, "write");
}

async function runOn<T>(
  sequelize: Sequelize,
  sql: string,
  params: Record<string, SqlValue>,
  log: boolean,
  type: "read" | "write",
  options: ReadOptions = {},
): Promise<T[]> {
  const dialect = sequelize.getDialect() === "postgres" ? "postgres" : "sqlite";
  const { text, names, id } = compile(sql, dialect);
  const values = names.map((name) => {
    if (!(name in params)) throw new Error(`selectRows: no value for :${name}`);
    const value = params[name];
    return dialect === "sqlite" && typeof value === "boolean" ? Number(value) : value;
  });
  if (log) console.log(text, values);
  return withDriverConnection(sequelize, type, async (connection) => {
    // PostgreSQL: a named statement is parsed and planned once per connection.
    if (dialect === "postgres") {
      const pg = connection as PgDriverConnection;
      return (await pg.query(options.planEachCall ? { text, values } : { name: id, text, values })).rows as T[];
    }
    // SQLite: queued in serialize mode, like Sequelize's own queries on the same connection.
    // node-sqlite3 lets a parallel-mode statement start whenever no exclusive one is
    // running, but an exclusive (serialized) one waits until none is in flight: a steady
    // flow of parallel reads (a streamed list) would starve every Sequelize query and write.
    const sqlite = connection as SqliteDriverConnection;
    return await new Promise<T[]>((resolve, reject) =>
      sqlite.serialize(() => sqlite.all(text, values, (error, rows) => (error ? reject(error) : resolve(rows as T[])))),
    );
  });
}

const VERSIONS = `SELECT "name", "version" FROM "table_versions"`;

/**
 * The change counters of the versioned tables (migration 0008), as one string
 * such as `trials=12;trial_status_history=7`: it changes when any of `tables`
 * has been written, by any connection, once that write has committed.
 */
export async function tableVersionsOn(sequelize: Sequelize, tables: readonly string[]): Promise<string> {
  const rows = await selectOn<{ name: string; version: number | string }>(sequelize, VERSIONS);
  const byName = new Map(rows.map((r) => [r.name, String(r.version)]));
  return tables
    .map((table) => {
      const version = byName.get(table);
      if (version === undefined) throw new Error(`tableVersions: "${table}" is not versioned (db/migrations/0008-table-versions.ts)`);
      return `${table}=${version}`;
    })
    .join(";");
}
