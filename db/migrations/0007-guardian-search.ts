import type { QueryInterface, Sequelize } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * The guardians' search (name, e-mail or CPF containing a term) without reading
 * every person: each person's trigrams — every 3 consecutive characters of
 * LOWER(fullName), LOWER(email) and cpf, as each database lowers them — in
 * `guardian_search_grams`, kept in step by triggers (insert, update of those
 * columns; deletes cascade). A term's persons have all of its trigrams, so the
 * rarest ones give a small candidate set, which the search then checks with the
 * same conditions as before: the results are exactly those of the full scan.
 * Plain tables and triggers, the same on SQLite and PostgreSQL (no pg_trgm or
 * FTS5). `search_positions` (1…254) numbers the characters of a value.
 */
const MAX_CHARS = 254;

/** The trigrams of one person row (`row` is NEW in a trigger, or "p" in the backfill). */
function gramsOf(row: string): string {
  return `
    SELECT DISTINCT substr("v"."t", "n"."n", 3) AS "gram", ${row}."id" AS "personId"
    FROM (SELECT LOWER(${row}."fullName") AS "t" UNION SELECT LOWER(${row}."email") UNION SELECT ${row}."cpf") AS "v"
    JOIN "search_positions" AS "n" ON "n"."n" <= length("v"."t") - 2`;
}

export const guardianSearch: Migration = {
  name: "0007-guardian-search",
  async up(_qi: QueryInterface, sequelize: Sequelize) {
    const postgres = sequelize.getDialect() === "postgres";
    await sequelize.query(`CREATE TABLE "search_positions" ("n" INTEGER PRIMARY KEY)`);
    await sequelize.query(
      `INSERT INTO "search_positions" ("n") VALUES ${Array.from({ length: MAX_CHARS }, (_, i) => `(${i + 1})`).join(", ")}`,
    );
    await sequelize.query(
      `CREATE TABLE "guardian_search_grams" (
        "gram" VARCHAR(3) NOT NULL,
        "personId" UUID NOT NULL REFERENCES "guardian_persons" ("id") ON DELETE CASCADE,
        PRIMARY KEY ("gram", "personId")
      )${postgres ? "" : " WITHOUT ROWID"}`,
    );
    await sequelize.query(`CREATE INDEX "guardian_search_grams_person" ON "guardian_search_grams" ("personId")`);
    await sequelize.query(
      `INSERT INTO "guardian_search_grams" ("gram", "personId")
       SELECT DISTINCT "s"."gram", "s"."personId" FROM (
         SELECT substr("v"."t", "n"."n", 3) AS "gram", "v"."id" AS "personId"
         FROM (SELECT "id", LOWER("fullName") AS "t" FROM "guardian_persons"
               UNION SELECT "id", LOWER("email") FROM "guardian_persons"
               UNION SELECT "id", "cpf" FROM "guardian_persons") AS "v"
         JOIN "search_positions" AS "n" ON "n"."n" <= length("v"."t") - 2) AS "s"`,
    );
    const insertGrams = `INSERT INTO "guardian_search_grams" ("gram", "personId") ${gramsOf("NEW")}`;
    if (postgres) {
      await sequelize.query(`
        CREATE FUNCTION "guardian_person_grams"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' THEN
            DELETE FROM "guardian_search_grams" WHERE "personId" = OLD."id";
          END IF;
          ${insertGrams};
          RETURN NULL;
        END $$`);
      await sequelize.query(
        `CREATE TRIGGER "guardian_persons_grams" AFTER INSERT OR UPDATE OF "fullName", "email", "cpf" ON "guardian_persons" ` +
          `FOR EACH ROW EXECUTE FUNCTION "guardian_person_grams"()`,
      );
    } else {
      await sequelize.query(`CREATE TRIGGER "guardian_persons_grams_insert" AFTER INSERT ON "guardian_persons" BEGIN ${insertGrams}; END`);
      await sequelize.query(
        `CREATE TRIGGER "guardian_persons_grams_update" AFTER UPDATE OF "fullName", "email", "cpf" ON "guardian_persons" BEGIN ` +
          `DELETE FROM "guardian_search_grams" WHERE "personId" = OLD."id"; ${insertGrams}; END`,
      );
    }
  },
  async down(_qi: QueryInterface, sequelize: Sequelize) {
    if (sequelize.getDialect() === "postgres") {
      await sequelize.query(`DROP TRIGGER IF EXISTS "guardian_persons_grams" ON "guardian_persons"`);
      await sequelize.query(`DROP FUNCTION IF EXISTS "guardian_person_grams"()`);
    } else {
      await sequelize.query(`DROP TRIGGER IF EXISTS "guardian_persons_grams_insert"`);
      await sequelize.query(`DROP TRIGGER IF EXISTS "guardian_persons_grams_update"`);
    }
    await sequelize.query(`DROP TABLE "guardian_search_grams"`);
    await sequelize.query(`DROP TABLE "search_positions"`);
  },
};
