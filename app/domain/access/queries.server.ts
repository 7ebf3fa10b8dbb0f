import { selectRows } from "~/platform/db.server";
import { requireActor, type Actor } from "../access/roles";
import { NotFoundError } from "../errors";
import { isUuid } from "../validation";
import { FAMILY_NOT_FOUND, familyScope, type FamilyScope } from "./family-scope";

/**
 * A family's rows as SQL: the conditions every scoped query adds (see
 * `./family-scope.ts` for the rule). The family is resolved inside each statement,
 * from the Client's user id down, each step a lookup on an indexed column:
 * guardians by "userId" (migration 0001), students by "guardianId",
 * enrolments by "studentId" and "trialId" (0009), attendance records by
 * "enrollmentId" (the leading column of a unique index) and make-ups by
 * "absenceId" (unique) (0010). The tables belong to their modules
 * (guardians, students, enrollments, attendance, trials, users); they are
 * read here for this one condition only.
 */

/** The family's guardians. */
const GUARDIANS = `SELECT "fg"."id" FROM "guardians" AS "fg" WHERE "fg"."userId" = :familyUserId`;
/** The family's students. */
const STUDENTS = `SELECT "fs"."id" FROM "students" AS "fs" WHERE "fs"."guardianId" IN (${GUARDIANS})`;
/** Their enrolments (any status). */
const ENROLLMENTS = `SELECT "fe"."id" FROM "enrollments" AS "fe" WHERE "fe"."studentId" IN (${STUDENTS})`;
/** The records of their enrolments (presences and absences). */
const ENROLLMENT_RECORDS = `SELECT "fa"."id" FROM "attendance_records" AS "fa" WHERE "fa"."enrollmentId" IN (${ENROLLMENTS})`;
/** The make-ups of their absences. */
const MAKEUPS = `SELECT "fm"."id" FROM "makeups" AS "fm" WHERE "fm"."absenceId" IN (${ENROLLMENT_RECORDS})`;

/** What a scoped row may be: each kind's ids of the family, as a subquery. */
const FAMILY_IDS = {
  guardian: GUARDIANS,
  person: `SELECT "fp"."id" FROM "guardian_persons" AS "fp" WHERE "fp"."guardianId" IN (${GUARDIANS})`,
  student: STUDENTS,
  enrollment: ENROLLMENTS,
  /** Records of enrolments, and the records taken in their make-ups' sessions. */
  record: `${ENROLLMENT_RECORDS} UNION SELECT "fr"."id" FROM "attendance_records" AS "fr" WHERE "fr"."makeupId" IN (${MAKEUPS})`,
  makeup: MAKEUPS,
  /** The trials the family's enrolments came from. */
  trial: `SELECT "ft"."trialId" FROM "enrollments" AS "ft" WHERE "ft"."studentId" IN (${STUDENTS}) AND "ft"."trialId" IS NOT NULL`,
} as const;

export type FamilyKind = keyof typeof FAMILY_IDS | "user";

export interface FamilyCondition {
  /** A boolean SQL expression on the caller's column. */
  sql: string;
  params: { familyUserId: string };
}

/**
 * "`column` names a row of the scope's family" for rows of `kind` (`user`:
 * the Client itself), with its parameter; null without a scope (everything).
 */
export function familyCondition(scope: FamilyScope | null, kind: FamilyKind, column: string): FamilyCondition | null {
  if (!scope) return null;
  const params = { familyUserId: scope.userId };
  if (kind === "user") return { sql: `${column} = :familyUserId`, params };
  return { sql: `${column} IN (${FAMILY_IDS[kind]})`, params };
}

/** The actor's condition on `column` (null for Administrator and Team). */
export function actorFamilyCondition(actor: Actor | null | undefined, kind: FamilyKind, column: string): FamilyCondition | null {
  return familyCondition(familyScope(actor), kind, column);
}

/** Whether `id` names a row of `kind` the actor may read (always, for Administrator and Team). */
export async function inFamily(actor: Actor | null | undefined, kind: FamilyKind, id: string): Promise<boolean> {
  const scope = familyScope(actor);
  if (!scope) return true;
  if (!isUuid(id)) return false;
  if (kind === "user") return id === scope.userId;
  const rows = await selectRows<{ found: number }>(`SELECT 1 AS "found" WHERE :id IN (${FAMILY_IDS[kind]})`, {
    id,
    familyUserId: scope.userId,
  });
  return rows.length > 0;
}

/** A read of one row: the actor's family's (or anything, for Administrator and Team), else a 404 with `notFound`. */
export async function assertInFamily(actor: Actor | null | undefined, kind: FamilyKind, id: string, notFound: string): Promise<void> {
  if (!(await inFamily(actor, kind, id))) throw new NotFoundError(notFound);
}

/**
 * The guardian whose user is the actor (the first registered, should a user
 * hold several), or null: a Client that registered by itself has none, nor
 * do Administrator and Team.
 */
export async function familyGuardianId(actor: Actor | null | undefined): Promise<string | null> {
  const userId = requireActor(actor).id;
  const [row] = await selectRows<{ id: string }>(
    `SELECT "fg"."id" FROM "guardians" AS "fg" WHERE "fg"."userId" = :userId ORDER BY "fg"."createdAt", "fg"."id" LIMIT 1`,
    { userId },
  );
  return row?.id ?? null;
}

/**
 * The family a family's own action (warning of an absence, booking a make-up,
 * editing its contacts) is taken for: the guardian whose user is the actor;
 * 404 'Família não encontrada' for a user without one (Administrator and Team
 * included: these are the family's actions, not the school's).
 */
export async function ownFamilyOrThrow(actor: Actor | null | undefined): Promise<string> {
  const guardianId = await familyGuardianId(actor);
  if (!guardianId) throw new NotFoundError(FAMILY_NOT_FOUND);
  return guardianId;
}

/**
 * A family's own action on one row: the actor must have a family
 * (`ownFamilyOrThrow`) and the row must be of it, whatever the actor's type
 * (no staff bypass here); a 404 with `notFound` otherwise.
 */
export async function assertOwnFamily(actor: Actor | null | undefined, kind: FamilyKind, id: string, notFound: string): Promise<void> {
  await ownFamilyOrThrow(actor);
  const userId = requireActor(actor).id;
  const condition = familyCondition({ userId }, kind, ":id")!;
  const rows = isUuid(id)
    ? await selectRows<{ found: number }>(`SELECT 1 AS "found" WHERE ${condition.sql}`, { id, ...condition.params })
    : [];
  if (rows.length === 0) throw new NotFoundError(notFound);
}
