import type { QueryInterface, Sequelize } from "sequelize";
import type { Migration } from "../migration.ts";
import { guardianSearch } from "./0007-guardian-search.ts";

/**
 * The guardians' search (a person's name, e-mail or CPF containing a term of 3
 * characters or more, case and accents folded) on each database's own
 * substring index, in place of migration 0007's gram table and triggers
 * (docs/decisions/012-guardian-search-indexes.md):
 *
 * - PostgreSQL: the `pg_trgm` and `unaccent` extensions, `search_fold(text)`
 *   (lower case without accents, IMMUTABLE so that an index may use it) and a
 *   GIN trigram index on `search_fold("fullName")`, `search_fold("email")` and
 *   `"cpf"`: `LIKE '%term%'` on those expressions is served by the indexes.
 * - SQLite: the FTS5 table `guardian_person_search` (its trigram tokenizer,
 *   case and diacritics folded) holding each person's id, name, e-mail and CPF,
 *   kept by triggers on `guardian_persons` (insert, update, delete) and filled
 *   here from the existing rows. A phrase of 3 characters or more matches the
 *   rows that contain it.
 *
 * The queries live in db/search.ts.
 */
const SEARCH = "guardian_person_search";

/** The FTS5 phrase that matches exactly the rows whose CPF is `value` (a SQL expression). */
const cpfPhrase = (value: string) => `'"cpf" : "' || replace(${value}, '"', '""') || '"'`;

/**
 * SQLite: removes the FTS row of the person `OLD`. Its rows are found through the
 * index by the old CPF (a handful of rows), then by id; a CPF shorter than 3
 * characters (which the application never stores) falls back to a full scan.
 */
const deleteOld = [
  `DELETE FROM "${SEARCH}" WHERE "rowid" IN (SELECT "rowid" FROM "${SEARCH}" WHERE "${SEARCH}" MATCH ${cpfPhrase(`OLD."cpf"`)}) AND "personId" = OLD."id"`,
  `DELETE FROM "${SEARCH}" WHERE length(OLD."cpf") < 3 AND "personId" = OLD."id"`,
].join("; ");
const insertNew = `INSERT INTO "${SEARCH}" ("personId", "fullName", "email", "cpf") VALUES (NEW."id", NEW."fullName", NEW."email", NEW."cpf")`;

async function dropGramTable(sequelize: Sequelize, postgres: boolean) {
  if (postgres) {
    await sequelize.query(`DROP TRIGGER IF EXISTS "guardian_persons_grams" ON "guardian_persons"`);
    await sequelize.query(`DROP FUNCTION IF EXISTS "guardian_person_grams"()`);
  } else {
    await sequelize.query(`DROP TRIGGER IF EXISTS "guardian_persons_grams_insert"`);
    await sequelize.query(`DROP TRIGGER IF EXISTS "guardian_persons_grams_update"`);
  }
  await sequelize.query(`DROP TABLE IF EXISTS "guardian_search_grams"`);
  await sequelize.query(`DROP TABLE IF EXISTS "search_positions"`);
}

/** PostgreSQL: the extension, or a clear failure when the application's role may not create it. */
async function createExtension(sequelize: Sequelize, name: string): Promise<string> {
  try {
    await sequelize.query(`CREATE EXTENSION IF NOT EXISTS ${name}`);
  } catch (error) {
    throw new Error(
      `Migration 0012: the PostgreSQL extension "${name}" could not be created (${(error as Error).message}). ` +
        `The guardians' search needs it: have a superuser (or the database's owner, on PostgreSQL 13+) run ` +
        `"CREATE EXTENSION IF NOT EXISTS ${name};" in this database, then start the application again.`,
      { cause: error },
    );
  }
  const [rows] = (await sequelize.query(
    `SELECT "extnamespace"::regnamespace::text AS "schema" FROM "pg_extension" WHERE "extname" = '${name}'`,
  )) as [Array<{ schema: string }>, unknown];
  return rows[0].schema;
}

export const guardianSearchIndexes: Migration = {
  name: "0012-guardian-search-indexes",
  async up(_qi: QueryInterface, sequelize: Sequelize) {
    const postgres = sequelize.getDialect() === "postgres";
    if (postgres) {
      // The extensions first: without them the migration stops before it changes anything.
      const trgm = await createExtension(sequelize, "pg_trgm");
      const unaccent = await createExtension(sequelize, "unaccent");
      await dropGramTable(sequelize, postgres);
      // unaccent() is STABLE (its dictionary could be changed); with the dictionary named,
      // the wrapper may be declared IMMUTABLE, as the extension's documentation suggests.
      await sequelize.query(
        `CREATE FUNCTION "search_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT ` +
          `AS $$ SELECT lower(${unaccent}.unaccent('${unaccent}.unaccent'::regdictionary, $1)) $$`,
      );
      await sequelize.query(
        `CREATE INDEX "guardian_persons_name_search" ON "guardian_persons" USING gin ("search_fold"("fullName") ${trgm}.gin_trgm_ops)`,
      );
      await sequelize.query(
        `CREATE INDEX "guardian_persons_email_search" ON "guardian_persons" USING gin ("search_fold"("email") ${trgm}.gin_trgm_ops)`,
      );
      await sequelize.query(`CREATE INDEX "guardian_persons_cpf_search" ON "guardian_persons" USING gin ("cpf" ${trgm}.gin_trgm_ops)`);
      return;
    }
    const [[{ version }]] = (await sequelize.query(`SELECT sqlite_version() AS "version"`)) as [Array<{ version: string }>, unknown];
    const [major, minor] = version.split(".").map(Number);
    if (major < 3 || (major === 3 && minor < 45)) {
      throw new Error(
        `Migration 0012: SQLite ${version} lacks the FTS5 trigram tokenizer's remove_diacritics option (SQLite 3.45 or later is needed).`,
      );
    }
    await dropGramTable(sequelize, postgres);
    await sequelize.query(
      `CREATE VIRTUAL TABLE "${SEARCH}" USING fts5("personId" UNINDEXED, "fullName", "email", "cpf", tokenize = 'trigram remove_diacritics 1')`,
    );
    await sequelize.query(
      `INSERT INTO "${SEARCH}" ("personId", "fullName", "email", "cpf") SELECT "id", "fullName", "email", "cpf" FROM "guardian_persons"`,
    );
    await sequelize.query(`CREATE TRIGGER "guardian_persons_search_insert" AFTER INSERT ON "guardian_persons" BEGIN ${insertNew}; END`);
    await sequelize.query(
      `CREATE TRIGGER "guardian_persons_search_update" AFTER UPDATE OF "id", "fullName", "email", "cpf" ON "guardian_persons" BEGIN ${deleteOld}; ${insertNew}; END`,
    );
    await sequelize.query(`CREATE TRIGGER "guardian_persons_search_delete" AFTER DELETE ON "guardian_persons" BEGIN ${deleteOld}; END`);
  },
  async down(qi: QueryInterface, sequelize: Sequelize) {
    if (sequelize.getDialect() === "postgres") {
      for (const index of ["name", "email", "cpf"]) await sequelize.query(`DROP INDEX IF EXISTS "guardian_persons_${index}_search"`);
      await sequelize.query(`DROP FUNCTION IF EXISTS "search_fold"(text)`);
      // The extensions stay: other objects of the database may use them.
    } else {
      for (const event of ["insert", "update", "delete"])
        await sequelize.query(`DROP TRIGGER IF EXISTS "guardian_persons_search_${event}"`);
      await sequelize.query(`DROP TABLE IF EXISTS "${SEARCH}"`);
    }
    await guardianSearch.up(qi, sequelize);
  },
};
