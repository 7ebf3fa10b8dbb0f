import type { Transaction } from "sequelize";
import { Guardian, GuardianPerson } from "#db/models.ts";
import { idsOfBatch, paddedInList } from "#db/in-list.ts";
import { MIN_INDEXED_CHARS, personSearch } from "#db/index.ts";
import { dbDialect, selectRows, selectRowsIn, tableVersions } from "~/platform/db.server";
import { createKeptReads } from "~/platform/cache.server";
import { arrayList, LIKE_ESCAPE, likePattern, searchTerm, sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { NotFoundError } from "../errors";
import { isUuid } from "../validation";
import { dateInTimeZone } from "../calendar/dates";
import type { GuardianDTO, GuardianPage, GuardianPersonDTO } from "./schema";
import { GUARDIAN_NOT_FOUND } from "./schema";
import { actorFamilyCondition, assertInFamily, type FamilyCondition } from "../access/queries.server";

/**
 * The reads of guardians and their persons: the guardians' tables are read
 * here only; other modules call these functions.
 */

export const PERSON_NOT_FOUND = "Pessoa não encontrada";
export const PAGE_SIZE = 24;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

export type PersonRow = Pick<
  GuardianPerson,
  "id" | "guardianId" | "fullName" | "cpf" | "email" | "birthDate" | "phone" | "createdAt" | "updatedAt"
> & {
  isPrimary: boolean | number;
};
export type GuardianRow = Pick<Guardian, "id" | "userId" | "address" | "createdAt" | "updatedAt">;

export function personDTO(p: PersonRow): GuardianPersonDTO {
  return {
    id: p.id,
    guardianId: p.guardianId,
    fullName: p.fullName,
    cpf: p.cpf,
    email: p.email,
    birthDate: p.birthDate ?? null,
    phone: p.phone ?? null,
    isPrimary: Boolean(p.isPrimary),
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

/** Primary first, then by name: the order every surface shows. */
function sortPersons(persons: GuardianPersonDTO[]): GuardianPersonDTO[] {
  return persons.sort((a, b) => comparePersonKeys([a.isPrimary, a.fullName, a.id], [b.isPrimary, b.fullName, b.id]));
}

export function guardianDTO(g: GuardianRow, persons: GuardianPersonDTO[]): GuardianDTO {
  return {
    id: g.id,
    userId: g.userId ?? null,
    address: g.address,
    createdAt: iso(g.createdAt),
    updatedAt: iso(g.updatedAt),
    persons: sortPersons(persons),
  };
}

export async function findGuardian(id: string, t?: Transaction): Promise<Guardian> {
  // Locks the guardian row for the rest of a transaction (PostgreSQL), so two
  // concurrent changes to its persons cannot both pass the primary/last checks.
  // SQLite transactions are IMMEDIATE and already serialised.
  const guardian = isUuid(id) ? await Guardian.findByPk(id, t ? { transaction: t, lock: t.LOCK.UPDATE } : {}) : null;
  if (!guardian) throw new NotFoundError(GUARDIAN_NOT_FOUND);
  return guardian;
}

export async function findPerson(id: string, t?: Transaction): Promise<GuardianPerson> {
  const person = isUuid(id) ? await GuardianPerson.findByPk(id, { transaction: t }) : null;
  if (!person) throw new NotFoundError(PERSON_NOT_FOUND);
  return person;
}

/** The guardians' DTOs, each with its own persons (from `persons`). */
function withPersons(guardians: GuardianRow[], persons: PersonRow[]): GuardianDTO[] {
  const byGuardian = new Map<string, GuardianPersonDTO[]>();
  for (const p of persons) {
    const list = byGuardian.get(p.guardianId) ?? [];
    list.push(personDTO(p));
    byGuardian.set(p.guardianId, list);
  }
  return guardians.map((g) => guardianDTO(g, byGuardian.get(g.id) ?? []));
}

/**
 * Guardians with any person whose name, e-mail or CPF contains `q`: a condition
 * on "g" and its parameters. A typed CPF matches with or without its mask: its
 * digits are compared with the stored ones (only when the term is made of digits
 * and mask characters). A term (and CPF digits) of 3 characters or more is
 * looked up in the database's substring index, case and accents folded
 * (`personSearch`, migration 0012); a shorter one, which no trigram index can
 * serve, is compared by a plain scan, as LIKE compares it.
 */
async function searchCondition(q: string): Promise<{ sql: string; params: Record<string, string> }> {
  const term = searchTerm(q);
  if (!term) return { sql: "", params: {} };
  const like = likePattern(term);
  // Only a term that looks like a CPF (digits, dots, dash) is compared by its digits;
  // "ana2" must not match every CPF that contains a 2.
  const digits = /^[\d.\-\s]+$/.test(term) ? term.replace(/\D/g, "") : "";
  if (Array.from(term).length >= MIN_INDEXED_CHARS && (!digits || digits.length >= MIN_INDEXED_CHARS)) {
    const persons = personSearch(await dbDialect(), { term, like, escape: LIKE_ESCAPE, digits });
    return {
      sql: `WHERE "g"."id" IN (SELECT "p"."guardianId" FROM "guardian_persons" AS "p" WHERE ${persons.sql})`,
      params: persons.params,
    };
  }
  const conditions = [`LOWER(p."fullName") LIKE :like ${LIKE_ESCAPE}`, `p."email" LIKE :like ${LIKE_ESCAPE}`];
  const params: Record<string, string> = { like };
  if (digits) {
    conditions.push(`p."cpf" LIKE :digits`);
    params.digits = `%${digits}%`;
  }
  return {
    sql: `WHERE EXISTS (SELECT 1 FROM "guardian_persons" AS "p" WHERE "p"."guardianId" = "g"."id" AND (${conditions.join(" OR ")}))`,
    params,
  };
}

/** A search condition ("WHERE …" or blank) narrowed to a family (see family/scope.ts); unchanged without one. */
function scoped(search: { sql: string; params: Record<string, string> }, family: FamilyCondition | null) {
  if (!family) return search;
  return {
    sql: search.sql ? `${search.sql} AND ${family.sql}` : `WHERE ${family.sql}`,
    params: { ...search.params, ...family.params },
  };
}

/** Reads kept while the guardians' table is unchanged (see createKeptReads). */
const keptCount = createKeptReads(tableVersions, 4);
const GUARDIAN_TABLES = ["guardians"] as const;

const GUARDIAN_COLUMNS = `"g"."id", "g"."userId", "g"."address", "g"."createdAt", "g"."updatedAt"`;
const PERSON_COLUMNS = `"p"."id", "p"."guardianId", "p"."fullName", "p"."cpf", "p"."email", "p"."birthDate", "p"."phone", "p"."isPrimary", "p"."createdAt", "p"."updatedAt"`;
const NEWEST_FIRST = `ORDER BY "g"."createdAt" DESC, "g"."id" DESC`;

/**
 * One page of guardians (newest first) with their persons: plain reads (a
 * count, the page, the page's persons), only the page's rows. Without `page`
 * every match is returned (the JSON list of §7).
 */
export async function listGuardians(
  actor: Actor | null,
  options: { q?: string | null; page?: number | null; pageSize?: number } = {},
): Promise<GuardianPage> {
  requireActor(actor);
  const search = scoped(await searchCondition(options.q ?? ""), actorFamilyCondition(actor, "guardian", `"g"."id"`));
  const matching = `FROM "guardians" AS "g" ${search.sql}`;
  // A search's best plan depends on its terms (PostgreSQL plans it per call).
  const plan = { planEachCall: Boolean(search.sql) };
  if (!options.page) {
    const [rows, persons] = await Promise.all([
      selectRows<GuardianRow>(`SELECT ${GUARDIAN_COLUMNS} ${matching} ${NEWEST_FIRST}`, search.params, plan),
      selectRows<PersonRow>(
        `SELECT ${PERSON_COLUMNS} FROM "guardian_persons" AS "p" WHERE "p"."guardianId" IN (SELECT "g"."id" ${matching})`,
        search.params,
        plan,
      ),
    ]);
    return { guardians: withPersons(rows, persons), total: rows.length, page: 1, pageSize: rows.length, pageCount: 1 };
  }
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const asked = Math.max(1, Math.floor(options.page));
  if (search.sql) {
    // A search is run once: the page's rows carry the number of matches (a window
    // count), and the page's persons are read by the page's ids. Three index searches
    // per page (count, page, persons) were most of a searched page's database time.
    const found = await searchedPage(matching, search.params, plan, asked, pageSize);
    if (found) return found;
    // Past the last page (a stale link): the count says where the last page is.
  }
  const count = () => selectRows<{ total: number | string }>(`SELECT COUNT(*) AS "total" ${matching}`, search.params, plan);
  // The whole network's number of guardians is kept by the table's version (migration 0022):
  // counting twenty thousand rows was most of the database's time for a page of the list.
  const [{ total }] = search.sql ? await count() : await keptCount("guardians", GUARDIAN_TABLES, count);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(asked, pageCount);
  if (search.sql) return (await searchedPage(matching, search.params, plan, page, pageSize)) ?? emptyPage(page, pageSize);
  const slice = { ...search.params, limit: pageSize, offset: (page - 1) * pageSize };
  const pageRows = `SELECT ${GUARDIAN_COLUMNS} ${matching} ${NEWEST_FIRST} LIMIT :limit OFFSET :offset`;
  const [rows, persons] = await Promise.all([
    selectRows<GuardianRow>(pageRows, slice, plan),
    selectRows<PersonRow>(
      `SELECT ${PERSON_COLUMNS} FROM "guardian_persons" AS "p" WHERE "p"."guardianId" IN (SELECT "id" FROM (${pageRows}) AS "pg")`,
      slice,
      plan,
    ),
  ]);
  return { guardians: withPersons(rows, persons), total: Number(total), page, pageSize, pageCount };
}

const emptyPage = (page: number, pageSize: number): GuardianPage => ({ guardians: [], total: 0, page, pageSize, pageCount: 1 });

/**
 * Page `page` of a search's matches with their number, in one query, then the page's
 * persons by id; null when the page is past the last one (no row to carry the count),
 * or an empty page when nothing matches at all is told by the caller's count.
 */
async function searchedPage(
  matching: string,
  params: Record<string, string>,
  plan: { planEachCall: boolean },
  page: number,
  pageSize: number,
): Promise<GuardianPage | null> {
  const rows = await selectRows<GuardianRow & { total: number | string }>(
    `SELECT ${GUARDIAN_COLUMNS}, COUNT(*) OVER () AS "total" ${matching} ${NEWEST_FIRST} LIMIT :limit OFFSET :offset`,
    { ...params, limit: pageSize, offset: (page - 1) * pageSize },
    plan,
  );
  if (rows.length === 0) return page === 1 ? emptyPage(1, pageSize) : null;
  const total = Number(rows[0].total);
  const ids: Record<string, string> = {};
  const persons = await selectRows<PersonRow>(
    `SELECT ${PERSON_COLUMNS} FROM "guardian_persons" AS "p" WHERE "p"."guardianId" IN (${paddedInList(
      "g",
      rows.map((r) => r.id),
      ids,
      8,
    )})`,
    ids,
  );
  const guardians = withPersons(
    rows.map(({ total: _total, ...row }) => row),
    persons,
  );
  return { guardians, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/**
 * GET /api/guardians without `page`: every match, newest first (then by id),
 * read in batches of guardians, each batch with its persons.
 */
export async function guardianList(actor: Actor | null, options: { q?: string | null } = {}): Promise<ListSource<GuardianDTO>> {
  requireActor(actor);
  const search = scoped(await searchCondition(options.q ?? ""), actorFamilyCondition(actor, "guardian", `"g"."id"`));
  return sqlList<GuardianRow & Record<string, unknown>, GuardianDTO>(
    "guardians",
    {
      columns: GUARDIAN_COLUMNS,
      from: `FROM "guardians" AS "g"`,
      where: search.sql ? search.sql.replace(/^WHERE /, "") : undefined,
      params: search.params,
      key: [
        { expr: `"g"."createdAt"`, type: "instant", desc: true },
        { expr: `"g"."id"`, type: "uuid", desc: true },
      ],
    },
    async (rows, batch) => {
      const persons = await selectRows<PersonRow>(
        `SELECT ${PERSON_COLUMNS} FROM "guardian_persons" AS "p" WHERE "p"."guardianId" IN (${idsOfBatch(batch)})`,
        batch.params,
      );
      return withPersons(rows, persons);
    },
  );
}

export async function getGuardian(actor: Actor | null, id: string): Promise<GuardianDTO> {
  requireActor(actor);
  await assertInFamily(actor, "guardian", id, GUARDIAN_NOT_FOUND);
  const guardian = await findGuardian(id);
  const persons = await GuardianPerson.findAll({ where: { guardianId: guardian.id } });
  const [dto] = withPersons([guardian], persons);
  return dto;
}

/** The comparison of `sortPersons` on keys [isPrimary, fullName, id]: primary first, then by name (Portuguese), then id. */
function comparePersonKeys(a: (string | number | boolean)[], b: (string | number | boolean)[]): number {
  return (
    Number(b[0]) - Number(a[0]) ||
    String(a[1]).localeCompare(String(b[1]), "pt-BR") ||
    (String(a[2]) < String(b[2]) ? -1 : String(a[2]) > String(b[2]) ? 1 : 0)
  );
}

/** GET /api/guardians/{id}/persons: a guardian's few persons, primary first (404 for an unknown guardian). */
export async function guardianPersonList(actor: Actor | null, guardianId: string): Promise<ListSource<GuardianPersonDTO>> {
  const guardian = await getGuardian(actor, guardianId);
  return arrayList(
    "guardian-persons",
    ["bool", "text", "uuid"],
    async () => guardian.persons,
    (p) => [p.isPrimary, p.fullName, p.id],
    comparePersonKeys,
  );
}

export async function getGuardianPerson(actor: Actor | null, id: string): Promise<GuardianPersonDTO> {
  requireActor(actor);
  await assertInFamily(actor, "person", id, PERSON_NOT_FOUND);
  return personDTO(await findPerson(id));
}

/** A person read through its guardian's URL: a person of another guardian is a 404 there. */
export async function getPersonOfGuardian(actor: Actor | null, guardianId: string, personId: string): Promise<GuardianPersonDTO> {
  const person = await getGuardianPerson(actor, personId);
  if (person.guardianId !== guardianId) throw new NotFoundError(PERSON_NOT_FOUND);
  return person;
}

/** A guardian as a picker's choice: the primary person's name, with what tells families apart. */
export interface GuardianOption {
  id: string;
  /** The primary person's full name. */
  label: string;
  email: string;
  cpf: string;
  phone: string | null;
  /** The person that matched (the primary one, or another person of the family). */
  personName: string;
}

type OptionRow = { id: string; label: string; email: string; cpf: string; phone: string | null; personName: string };

const OPTION_COLUMNS = `"g"."id", "pp"."fullName" AS "label", "pp"."email", "pp"."cpf", "pp"."phone"`;
const PRIMARY_JOIN = `JOIN "guardian_persons" AS "pp" ON "pp"."guardianId" = "g"."id" AND "pp"."isPrimary" = :primary`;

/**
 * The families whose persons' phone is these digits (the trial's WhatsApp
 * number, with or without the country code 55): enrolling from a trial
 * proposes them. Index `guardian_persons_phone` (migration 0009).
 */
export async function findGuardianMatchesByPhone(digits: string, { limit = 10 }: { limit?: number } = {}): Promise<GuardianOption[]> {
  const phone = String(digits ?? "").replace(/\D/g, "");
  if (phone.length < 10) return [];
  const local = phone.startsWith("55") && phone.length > 11 ? phone.slice(2) : phone;
  const rows = await selectRows<OptionRow>(
    `SELECT ${OPTION_COLUMNS}, MIN("m"."fullName") AS "personName"
     FROM "guardian_persons" AS "m"
     JOIN "guardians" AS "g" ON "g"."id" = "m"."guardianId"
     ${PRIMARY_JOIN}
     WHERE "m"."phone" IN (:local, :withCountry)
     GROUP BY "g"."id", "pp"."fullName", "pp"."email", "pp"."cpf", "pp"."phone"
     ORDER BY "pp"."fullName", "g"."id"
     LIMIT :limit`,
    { local, withCountry: `55${local}`, primary: true, limit },
  );
  return rows;
}

/** A name for comparing: lower case, without accents, single spaces. */
const foldName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/**
 * The families whose primary person is named like `name`: every word of it in
 * the person's name, case and accents folded ('Eduarda Almeida' finds 'Eduarda
 * Santos Almeida'). Enrolling from a trial shows them, with their phone, as
 * families that may or may not be the trial's (never chosen for the user).
 */
export async function findGuardianMatchesByName(name: string, { limit = 5 }: { limit?: number } = {}): Promise<GuardianOption[]> {
  const words = foldName(String(name ?? ""))
    .split(" ")
    .filter((w) => w.length >= 2);
  const longest = [...words].sort((a, b) => b.length - a.length)[0];
  if (!longest || longest.length < MIN_INDEXED_CHARS) return [];
  const found = await searchGuardianOptions(longest, { limit: 50 });
  return found.filter((g) => words.every((w) => foldName(g.label).split(" ").includes(w))).slice(0, limit);
}

/**
 * Guardians whose persons' name, e-mail or CPF contain `q` (the search of the
 * list, in its order: newest first), as a picker's choices.
 */
export async function searchGuardianOptions(q: string, { limit = 20 }: { limit?: number } = {}): Promise<GuardianOption[]> {
  const search = await searchCondition(q ?? "");
  return selectRows<OptionRow>(
    `SELECT ${OPTION_COLUMNS}, "pp"."fullName" AS "personName"
     FROM (SELECT ${GUARDIAN_COLUMNS} FROM "guardians" AS "g" ${search.sql} ${NEWEST_FIRST} LIMIT :limit) AS "g"
     ${PRIMARY_JOIN}
     ${NEWEST_FIRST}`,
    { ...search.params, primary: true, limit: Math.max(1, Math.min(100, limit)) },
    { planEachCall: Boolean(search.sql) },
  );
}

/** One guardian's choice (e.g. the one already chosen in a picker), or null when the id names no guardian. */
export async function guardianOption(id: string): Promise<GuardianOption | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectRows<OptionRow>(
    `SELECT ${OPTION_COLUMNS}, "pp"."fullName" AS "personName" FROM "guardians" AS "g" ${PRIMARY_JOIN} WHERE "g"."id" = :id`,
    { id, primary: true },
  );
  return row ?? null;
}

/**
 * The school's day a family was anonymised on (LGPD, `guardians.anonymizedAt`,
 * migration 0017), or null: its page offers no second 'Anonimizar família'.
 */
export async function guardianAnonymizedOn(id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const row = await Guardian.findByPk(id, { attributes: ["id", "anonymizedAt"] });
  return row?.anonymizedAt ? dateInTimeZone(new Date(row.anonymizedAt)) : null;
}

/** Whether the guardian exists (locked for the rest of the caller's transaction, as `findGuardian`). */
export async function guardianExists(id: string, t?: Transaction): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await Guardian.findByPk(id, { attributes: ["id"], ...(t ? { transaction: t, lock: t.LOCK.UPDATE } : {}) })) !== null;
}

/** The primary person's name of each guardian (e.g. the students list's family column). */
export async function guardianNames(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(isUuid))];
  if (unique.length === 0) return new Map();
  const params: Record<string, string | boolean> = { primary: true };
  const rows = await selectRows<{ guardianId: string; fullName: string }>(
    `SELECT "p"."guardianId", "p"."fullName" FROM "guardian_persons" AS "p"
     WHERE "p"."isPrimary" = :primary AND "p"."guardianId" IN (${paddedInList("c", unique, params as Record<string, string>, 8)})`,
    params,
  );
  return new Map(rows.map((r) => [r.guardianId, r.fullName]));
}

/** The primary person's name and CPF (digits; '' when none) of each guardian: the debtor of a charge registered at the bank. */
export async function guardianDebtors(ids: readonly string[], t?: Transaction): Promise<Map<string, { name: string; cpf: string }>> {
  const unique = [...new Set(ids.filter(isUuid))];
  if (unique.length === 0) return new Map();
  const params: Record<string, string | boolean> = { primary: true };
  const rows = await selectRowsIn<{ guardianId: string; fullName: string; cpf: string | null }>(
    t,
    `SELECT "p"."guardianId", "p"."fullName", "p"."cpf" FROM "guardian_persons" AS "p"
     WHERE "p"."isPrimary" = :primary AND "p"."guardianId" IN (${paddedInList("c", unique, params as Record<string, string>, 8)})`,
    params,
  );
  return new Map(rows.map((r) => [r.guardianId, { name: r.fullName, cpf: (r.cpf ?? "").replace(/\D/g, "") }]));
}

/** The primary person's name and phone (as stored) of each guardian (e.g. the at-risk list's WhatsApp link). */
export async function guardianContacts(ids: string[]): Promise<Map<string, { name: string; phone: string | null }>> {
  const unique = [...new Set(ids.filter(isUuid))];
  if (unique.length === 0) return new Map();
  const params: Record<string, string | boolean> = { primary: true };
  const rows = await selectRows<{ guardianId: string; fullName: string; phone: string | null }>(
    `SELECT "p"."guardianId", "p"."fullName", "p"."phone" FROM "guardian_persons" AS "p"
     WHERE "p"."isPrimary" = :primary AND "p"."guardianId" IN (${paddedInList("c", unique, params as Record<string, string>, 8)})`,
    params,
  );
  return new Map(rows.map((r) => [r.guardianId, { name: r.fullName, phone: r.phone ?? null }]));
}

/**
 * How many students a guardian has, before deleting it (inside the caller's
 * transaction): counted by their foreign key in the students module's table,
 * as the students module imports this one (ADR 016).
 */
export async function guardianStudentCount(id: string, t?: Transaction): Promise<number> {
  const [row] = await selectRowsIn<{ n: number | string }>(t, `SELECT COUNT(*) AS "n" FROM "students" WHERE "guardianId" = :id`, { id });
  return Number(row.n);
}
