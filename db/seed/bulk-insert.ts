import { randomUUID } from "node:crypto";
import { DataTypes, type Model, type ModelStatic, type Sequelize, type Transaction } from "sequelize";

/**
 * A bulk loader for the benchmark networks (scripts/bench-seed.ts): rows go in
 * as multi-row INSERTs (`rowsPerStatement` rows each, values escaped by the
 * connection's dialect), many statements to a transaction, without building a
 * model instance per row nor running hooks (no audit entries: a bulk load, as
 * `bulkCreate(…, { hooks: false })` was). The model's own defaults (a UUID id,
 * a default value, the timestamps) fill the columns a row leaves out, as
 * `bulkCreate` would. Same SQL on SQLite and PostgreSQL.
 */
export class BulkInserter<T extends Record<string, unknown>> {
  private pending: T[] = [];
  private columns: string[] | null = null;
  private readonly defaults: Array<[string, () => unknown]> = [];
  count = 0;

  constructor(
    private readonly sequelize: Sequelize,
    private readonly model: ModelStatic<Model>,
    private readonly options: { rowsPerStatement?: number; rowsPerTransaction?: number; transaction?: Transaction } = {},
  ) {
    const now = new Date();
    for (const [name, attribute] of Object.entries(model.getAttributes())) {
      const value = attribute.defaultValue;
      if (value instanceof DataTypes.UUIDV4 || value === DataTypes.UUIDV4) this.defaults.push([name, () => randomUUID()]);
      else if (value instanceof DataTypes.NOW || value === DataTypes.NOW) this.defaults.push([name, () => now]);
      else if (value !== undefined && typeof value !== "function") this.defaults.push([name, () => value]);
    }
    const timestamps = (model as unknown as { options: { timestamps?: boolean; createdAt?: string | false; updatedAt?: string | false } })
      .options;
    if (timestamps.timestamps !== false) {
      if (timestamps.createdAt !== false)
        this.defaults.push([typeof timestamps.createdAt === "string" ? timestamps.createdAt : "createdAt", () => now]);
      if (timestamps.updatedAt !== false)
        this.defaults.push([typeof timestamps.updatedAt === "string" ? timestamps.updatedAt : "updatedAt", () => now]);
    }
  }

  /** Queues a row; writes a transaction's worth once that many are queued. */
  async add(row: T): Promise<void> {
    this.pending.push(row);
    if (this.pending.length >= (this.options.rowsPerTransaction ?? 20_000)) await this.flush();
  }

  async addAll(rows: Iterable<T>): Promise<void> {
    for (const row of rows) await this.add(row);
  }

  /** Writes the queued rows. */
  async flush(): Promise<void> {
    if (!this.pending.length) return;
    const rows = this.pending;
    this.pending = [];
    const attributes = this.model.getAttributes();
    if (!this.columns) {
      const given = Object.keys(rows[0]);
      this.columns = [...given, ...this.defaults.map(([name]) => name).filter((name) => !given.includes(name))].filter(
        (c) => c in attributes,
      );
    }
    const columns = this.columns;
    const fills = this.defaults.filter(([name]) => columns.includes(name));
    const table = this.model.getTableName() as string;
    const head = `INSERT INTO "${table}" (${columns.map((c) => `"${(attributes[c].field ?? c).replaceAll('"', "")}"`).join(", ")}) VALUES `;
    const per = this.options.rowsPerStatement ?? 500;
    const write = async (transaction: Transaction) => {
      // SQLite: a page cache of 256 MB on this transaction's connection (random UUID keys touch pages all over each index).
      if (this.sequelize.getDialect() === "sqlite") await this.sequelize.query("PRAGMA cache_size=-262144", { transaction });
      for (let i = 0; i < rows.length; i += per) {
        const values = rows.slice(i, i + per).map((row) => {
          for (const [name, fill] of fills) if (row[name] === undefined) (row as Record<string, unknown>)[name] = fill();
          return `(${columns.map((c) => (row[c] === undefined || row[c] === null ? "NULL" : this.sequelize.escape(row[c] as string))).join(", ")})`;
        });
        await this.sequelize.query(head + values.join(", "), { transaction });
      }
    };
    if (this.options.transaction) await write(this.options.transaction);
    else await this.sequelize.transaction(write);
    this.count += rows.length;
  }
}

/** Inserts rows of a model in bulk (see BulkInserter). */
export async function bulkInsert<T extends Record<string, unknown>>(
  sequelize: Sequelize,
  model: ModelStatic<Model>,
  rows: Iterable<T>,
  transaction?: Transaction,
): Promise<number> {
  const inserter = new BulkInserter<T>(sequelize, model, { transaction });
  await inserter.addAll(rows);
  await inserter.flush();
  return inserter.count;
}
