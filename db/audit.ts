import { AsyncLocalStorage } from "node:async_hooks";
import { DataTypes, Model, QueryTypes, type ModelStatic, type Sequelize, type Transaction } from "sequelize";

/**
 * The audit trail (migration 0014): one entry per create, update and delete of
 * every row of the app's data, written by model hooks registered once on the
 * connection (`registerAuditHooks`, called by `initModels`), in the writing
 * transaction (`options.transaction`), so a row is never written without its
 * entry. A bulk `Model.update` / `Model.destroy` is turned into one hook call per
 * row (`individualHooks`), a `bulkCreate` writes one entry per row.
 *
 * Who acts and from where come from the request's scope (`runAudited`, entered
 * by the HTTP server for each request; `setAuditUser` once the session is known):
 * services keep taking a plain `Actor`. Writes outside a request (the seed, a
 * script, the cleanup job) have no user.
 *
 * Tables that are not records of the school are not audited: sessions (a
 * sign-in and a sign-out are events of their own), sign-in throttling,
 * counters, uploads and stored bytes, the job queue (a retry by hand writes its
 * own entry), the bank's Pix inbox (what the bank announced; the payment a Pix
 * becomes is audited), and this table.
 */
export const AUDIT_TABLE = "audit_entries";
export const NOT_AUDITED: ReadonlySet<string> = new Set([
  AUDIT_TABLE,
  "sessions",
  "login_attempts",
  "counters",
  "uploads",
  "stored_objects",
  "stored_object_chunks",
  "table_versions",
  "schema_migrations",
  "jobs",
  "recurring_runs",
  "pix_inbox",
]);

/** Attribute names whose values are never written to an entry (only that they changed). */
const SECRET_FIELD = /password|token|secret|session|sealed|privatekey/i;

/** A column whose values are secrets (password hashes, tokens): never written to an entry, nor exported. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}
export const SECRET_MASK = "[protegido]";
/** Not changes of a record's content. */
const SKIPPED_FIELDS = new Set(["createdAt", "updatedAt"]);

export const AUDIT_ACTIONS = ["create", "update", "delete", "sign-in", "sign-in-failed", "sign-out"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export class AuditEntry extends Model {
  declare id: string;
  declare userId: string | null;
  declare userName: string | null;
  declare entity: string;
  declare entityId: string | null;
  declare action: string;
  declare changes: string | null;
  declare ip: string | null;
  declare createdAt: Date;
}

export function initAuditModel(sequelize: Sequelize) {
  AuditEntry.init(
    {
      id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
      userId: { type: DataTypes.UUID, allowNull: true },
      userName: { type: DataTypes.STRING, allowNull: true },
      entity: { type: DataTypes.STRING(60), allowNull: false },
      entityId: { type: DataTypes.STRING(64), allowNull: true },
      action: { type: DataTypes.STRING(20), allowNull: false },
      changes: { type: DataTypes.TEXT, allowNull: true },
      ip: { type: DataTypes.STRING(64), allowNull: true },
    },
    { sequelize, tableName: AUDIT_TABLE, updatedAt: false },
  );
}

// ---- Who acts: the request's scope ----

export interface AuditScope {
  ip: string | null;
  userId: string | null;
  userName: string | null;
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** Runs `fn` with this actor and address for every entry its writes produce (one request, a test). */
export function runAudited<T>(scope: Partial<AuditScope>, fn: () => T): T {
  return scopes.run({ ip: scope.ip ?? null, userId: scope.userId ?? null, userName: scope.userName ?? null }, fn);
}

/** The signed-in user of the current request, once its session is known (no-op outside a request). */
export function setAuditUser(user: { id: string; name: string } | null | undefined): void {
  const scope = scopes.getStore();
  if (!scope || !user) return;
  scope.userId = user.id;
  scope.userName = user.name;
}

export function currentAuditScope(): AuditScope {
  return scopes.getStore() ?? { ip: null, userId: null, userName: null };
}

// ---- Entries ----

function plain(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return "[binário]";
  return value === undefined ? null : value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
}

function shown(field: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return SECRET_FIELD.test(field) ? SECRET_MASK : plain(value);
}

function tableOf(model: ModelStatic<Model>): string {
  return model.tableName;
}

function isAudited(model: ModelStatic<Model> | undefined): model is ModelStatic<Model> {
  return Boolean(model && model !== (AuditEntry as unknown) && !NOT_AUDITED.has(tableOf(model)));
}

function contentFields(model: ModelStatic<Model>): string[] {
  const pk = model.primaryKeyAttribute;
  return Object.keys(model.getAttributes()).filter((f) => f !== pk && !SKIPPED_FIELDS.has(f));
}

function idOf(instance: Model): string | null {
  const model = instance.constructor as ModelStatic<Model>;
  const id = instance.get(model.primaryKeyAttribute);
  return id === null || id === undefined ? null : String(id);
}

/** Every content field of a row, as it was (`side` before) or is (after). */
function wholeRow(instance: Model, side: "before" | "after"): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of contentFields(instance.constructor as ModelStatic<Model>)) {
    const value = instance.get(field);
    if (value === null || value === undefined) continue;
    changes[field] = side === "after" ? { before: null, after: shown(field, value) } : { before: shown(field, value), after: null };
  }
  return changes;
}

/** The fields an update changes, read before it is written (`previous` is the stored value). */
function updatedFields(instance: Model): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of contentFields(instance.constructor as ModelStatic<Model>)) {
    const before = instance.previous(field);
    const after = instance.get(field);
    if (!same(before, after)) changes[field] = { before: shown(field, before), after: shown(field, after) };
  }
  return changes;
}

export interface AuditEntryInput {
  action: AuditAction;
  entity: string;
  entityId: string | null;
  changes?: AuditChanges | null;
  /** Defaults: the current scope's user and address. */
  userId?: string | null;
  userName?: string | null;
  ip?: string | null;
}

/**
 * Sequelize runs a bulk write's row hooks side by side (`Promise.all`): their
 * reads and writes on one transaction's connection are queued here, one after
 * the other (a PostgreSQL client runs one query at a time).
 */
const queues = new WeakMap<Transaction, Promise<unknown>>();

function inTurn<T>(transaction: Transaction | null | undefined, work: () => Promise<T>): Promise<T> {
  if (!transaction) return work();
  const run = (queues.get(transaction) ?? Promise.resolve()).then(work);
  queues.set(
    transaction,
    run.catch(() => undefined),
  );
  return run;
}

/** Writes entries (in `transaction` when given); the actor and address default to the current scope's. */
export async function writeAuditEntries(entries: AuditEntryInput[], transaction?: Transaction | null): Promise<void> {
  if (!entries.length) return;
  const scope = currentAuditScope();
  const rows = entries.map((e) => ({
    userId: e.userId !== undefined ? e.userId : scope.userId,
    userName: e.userName !== undefined ? e.userName : scope.userName,
    ip: e.ip !== undefined ? e.ip : scope.ip,
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    changes: e.changes && Object.keys(e.changes).length ? JSON.stringify(e.changes) : null,
  }));
  await inTurn(transaction, () => AuditEntry.bulkCreate(rows, { transaction: transaction ?? undefined, hooks: false, validate: false }));
}

type HookOptions = { transaction?: Transaction | null; individualHooks?: boolean; model?: ModelStatic<Model> };

/** The changes of each row being updated, taken in `beforeUpdate` (after the write, `previous` is the new value). */
const pendingUpdates = new WeakMap<Model, AuditChanges>();

const registered = new WeakSet<Sequelize>();

/** Registers the hooks on every model of this connection (once; `initModels` calls it). */
export function registerAuditHooks(sequelize: Sequelize): void {
  if (registered.has(sequelize)) return;
  registered.add(sequelize);

  // A bulk update or delete runs the row hooks for each row it touches.
  sequelize.addHook("beforeBulkUpdate", function (this: ModelStatic<Model>, options: HookOptions) {
    if (isAudited(options.model ?? this)) options.individualHooks = true;
  });
  sequelize.addHook("beforeBulkDestroy", function (this: ModelStatic<Model>, options: HookOptions) {
    if (isAudited(options.model ?? this)) options.individualHooks = true;
  });

  sequelize.addHook("afterCreate", async (instance: Model, options: HookOptions) => {
    const model = instance.constructor as ModelStatic<Model>;
    if (!isAudited(model)) return;
    await writeAuditEntries(
      [{ action: "create", entity: tableOf(model), entityId: idOf(instance), changes: wholeRow(instance, "after") }],
      options.transaction,
    );
  });
  sequelize.addHook("afterBulkCreate", async (instances: Model[], options: HookOptions) => {
    // With individualHooks, afterCreate wrote each row's entry already.
    if (options.individualHooks || !instances.length) return;
    const model = instances[0].constructor as ModelStatic<Model>;
    if (!isAudited(model)) return;
    await writeAuditEntries(
      instances.map((instance) => ({
        action: "create",
        entity: tableOf(model),
        entityId: idOf(instance),
        changes: wholeRow(instance, "after"),
      })),
      options.transaction,
    );
  });

  sequelize.addHook("beforeUpdate", (instance: Model) => {
    if (isAudited(instance.constructor as ModelStatic<Model>)) pendingUpdates.set(instance, updatedFields(instance));
  });
  sequelize.addHook("afterUpdate", async (instance: Model, options: HookOptions) => {
    const model = instance.constructor as ModelStatic<Model>;
    if (!isAudited(model)) return;
    const changes = pendingUpdates.get(instance) ?? updatedFields(instance);
    pendingUpdates.delete(instance);
    if (!Object.keys(changes).length) return;
    await writeAuditEntries([{ action: "update", entity: tableOf(model), entityId: idOf(instance), changes }], options.transaction);
  });

  // A delete also changes the rows the database cascades to (ON DELETE CASCADE / SET NULL):
  // they are read before it, and get their own entries after it.
  sequelize.addHook("beforeDestroy", async (instance: Model, options: HookOptions) => {
    if (!isAudited(instance.constructor as ModelStatic<Model>)) return;
    const transaction = options.transaction ?? null;
    pendingCascades.set(instance, await inTurn(transaction, () => cascadedEntries(sequelize, instance, transaction, 0)));
  });
  sequelize.addHook("afterDestroy", async (instance: Model, options: HookOptions) => {
    const model = instance.constructor as ModelStatic<Model>;
    if (!isAudited(model)) return;
    const cascaded = pendingCascades.get(instance) ?? [];
    pendingCascades.delete(instance);
    await writeAuditEntries(
      [{ action: "delete", entity: tableOf(model), entityId: idOf(instance), changes: wholeRow(instance, "before") }, ...cascaded],
      options.transaction,
    );
  });
}

// ---- What the database does on its own: cascades ----

interface Cascade {
  table: string;
  column: string;
  parent: string;
  parentColumn: string;
  rule: "CASCADE" | "SET NULL";
}

const pendingCascades = new WeakMap<Model, AuditEntryInput[]>();
const cascadesOf = new WeakMap<Sequelize, Promise<Cascade[]>>();

/** The foreign keys whose delete rule changes other rows, read once from the database (so a new table's are seen too). */
function databaseCascades(sequelize: Sequelize): Promise<Cascade[]> {
  let found = cascadesOf.get(sequelize);
  if (!found) {
    found = readCascades(sequelize).catch((error) => {
      cascadesOf.delete(sequelize);
      throw error;
    });
    cascadesOf.set(sequelize, found);
  }
  return found;
}

async function readCascades(sequelize: Sequelize): Promise<Cascade[]> {
  if (sequelize.getDialect() === "postgres") {
    const rows = (await sequelize.query(
      `SELECT c.conrelid::regclass::text AS "table", a.attname AS "column", c.confrelid::regclass::text AS "parent",
              af.attname AS "parentColumn", c.confdeltype AS "rule"
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND c.confdeltype IN ('c', 'n')`,
      { type: QueryTypes.SELECT },
    )) as { table: string; column: string; parent: string; parentColumn: string; rule: string }[];
    return rows.map((r) => ({
      ...r,
      table: r.table.replaceAll('"', ""),
      parent: r.parent.replaceAll('"', ""),
      rule: r.rule === "c" ? "CASCADE" : "SET NULL",
    }));
  }
  const tables = (await sequelize.query(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table'`, { type: QueryTypes.SELECT })) as {
    name: string;
  }[];
  const cascades: Cascade[] = [];
  for (const { name } of tables) {
    // Sequelize's SQLite dialect answers this PRAGMA with the rows themselves.
    const answer = (await sequelize.query(`PRAGMA foreign_key_list("${name.replaceAll('"', '""')}")`)) as unknown[];
    const keys = (Array.isArray(answer[0]) ? answer[0] : answer) as { table: string; from: string; to: string | null; on_delete: string }[];
    for (const key of keys) {
      const rule = key.on_delete.toUpperCase();
      if (rule === "CASCADE" || rule === "SET NULL")
        cascades.push({ table: name, column: key.from, parent: key.table, parentColumn: key.to ?? "id", rule });
    }
  }
  return cascades;
}

const MAX_CASCADE_DEPTH = 5;

/** The entries of the rows a delete of `instance` cascades to (deleted, or their reference set to null), depth first. */
async function cascadedEntries(
  sequelize: Sequelize,
  instance: Model,
  transaction: Transaction | null,
  depth: number,
): Promise<AuditEntryInput[]> {
  if (depth >= MAX_CASCADE_DEPTH) return [];
  const parent = tableOf(instance.constructor as ModelStatic<Model>);
  const entries: AuditEntryInput[] = [];
  for (const cascade of (await databaseCascades(sequelize)).filter((c) => c.parent === parent)) {
    const model = Object.values(sequelize.models).find((m) => m.tableName === cascade.table);
    if (!isAudited(model) || !model.getAttributes()[cascade.column]) continue;
    const value = instance.get(cascade.parentColumn);
    if (value === null || value === undefined) continue;
    const rows = await model.findAll({ where: { [cascade.column]: value }, transaction });
    for (const row of rows) {
      if (cascade.rule === "SET NULL") {
        entries.push({
          action: "update",
          entity: cascade.table,
          entityId: idOf(row),
          changes: { [cascade.column]: { before: shown(cascade.column, value), after: null } },
        });
      } else {
        entries.push(...(await cascadedEntries(sequelize, row, transaction, depth + 1)));
        entries.push({ action: "delete", entity: cascade.table, entityId: idOf(row), changes: wholeRow(row, "before") });
      }
    }
  }
  return entries;
}

/**
 * The tables a plain SQL write may touch: anything not audited. A write to an
 * audited table would leave no entry, so `writeOn` (db/select.ts) refuses it.
 */
const WRITE_TARGET = /^\s*(?:WITH\b[\s\S]*?\)\s*)?(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

export function assertUnauditedWrite(sql: string): void {
  const target = WRITE_TARGET.exec(sql)?.[1];
  if (target && !NOT_AUDITED.has(target)) {
    throw new Error(`Escrita em "${target}" fora dos modelos: a tabela é auditada (use o modelo, que registra a alteração)`);
  }
}
