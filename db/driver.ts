import type { Sequelize } from "sequelize";
import type sqlite3 from "sqlite3";

/**
 * The one place that reaches below Sequelize's public API, to its connection
 * manager: `getConnection(options)` / `releaseConnection(connection)` hand out
 * the driver's own connection (a node-sqlite3 `Database` or a node-postgres
 * `Client`) from Sequelize's pool. Two devices need it:
 *
 * - plain reads on the driver (db/select.ts, docs/decisions/004): no model
 *   building, and named statements on PostgreSQL;
 * - SQLite pragmas on every connection the sqlite dialect opens (it never runs
 *   the `afterConnect` hook).
 *
 * `db/driver.test.ts` pins what is relied on here (the Sequelize version and
 * the shape of both drivers' connections): an upgrade that changes them fails
 * there, in one place.
 */
export const SEQUELIZE_VERSION_RELIED_ON = "6.37";

export type SqlValue = string | number | boolean | null;

export interface SqliteDriverConnection {
  all(sql: string, params: SqlValue[], callback: (error: Error | null, rows: unknown[]) => void): void;
  serialize(callback: () => void): void;
}
export interface PgDriverConnection {
  query(config: { name?: string; text: string; values: SqlValue[] }): Promise<{ rows: unknown[] }>;
}

interface ConnectionManager {
  getConnection(options?: { type?: "read" | "write" }): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

function connectionManager(sequelize: Sequelize): ConnectionManager {
  return (sequelize as unknown as { connectionManager: ConnectionManager }).connectionManager;
}

/**
 * Runs `use` on a driver connection taken from Sequelize's pool (outside any
 * transaction), and gives it back afterwards.
 */
export async function withDriverConnection<T>(
  sequelize: Sequelize,
  type: "read" | "write",
  use: (connection: SqliteDriverConnection | PgDriverConnection) => Promise<T>,
): Promise<T> {
  const manager = connectionManager(sequelize);
  const connection = (await manager.getConnection({ type })) as SqliteDriverConnection | PgDriverConnection;
  try {
    return await use(connection);
  } finally {
    await manager.releaseConnection(connection);
  }
}

/**
 * Calls `configure` once on every SQLite connection, before Sequelize first
 * uses it (the sqlite dialect opens one connection per transaction itself).
 */
export function onSqliteConnection(sequelize: Sequelize, configure: (connection: sqlite3.Database) => Promise<void>): void {
  const manager = connectionManager(sequelize);
  const getConnection = manager.getConnection.bind(manager);
  const configured = new WeakSet<object>();
  manager.getConnection = async (options) => {
    const connection = (await getConnection(options)) as sqlite3.Database;
    if (!configured.has(connection)) {
      configured.add(connection);
      await configure(connection);
    }
    return connection;
  };
}
