import { isStaff, requireActor, type Actor } from "../access/roles";
import { NotFoundError } from "../errors";

/**
 * What of the school's people an actor may read: the one rule of who sees
 * which family, taken by every query that reads people.
 *
 * Administrator and Team read everything (no scope). Any other user (a
 * Client, the account every family gets) reads its own family only: the
 * guardian whose `userId` is the user, that guardian's persons, its students,
 * their enrolments, roll-call records and make-ups, and the trials those
 * enrolments came from; of the users, itself. A Client with no family reads
 * an empty family. The catalogue (branches, classrooms, schedules, courses,
 * classes, offers) is not scoped. Reads of a whole class's people (rosters,
 * roll calls, a class's sessions, today's sessions) are not a family's: a
 * Client gets a 404 there.
 *
 * The scope is a function of the actor alone (its id and type), so it costs
 * nothing to derive; the family itself is resolved by the database, inside
 * each statement, as a condition on indexed columns (`queries.server.ts`).
 */
/** A Client with no family asking for its own ('Minha família', GET /api/family): a 404 with this message. */
export const FAMILY_NOT_FOUND = "Família não encontrada";

export interface FamilyScope {
  /** The Client user whose family is read. */
  readonly userId: string;
}

/** The actor's scope: null for Administrator and Team (everything), the user's family otherwise. 401 without an actor. */
export function familyScope(actor: Actor | null | undefined): FamilyScope | null {
  const a = requireActor(actor);
  return isStaff(a) ? null : { userId: a.id };
}

/**
 * A read of a whole class's people (a roster, a roll call, a class's sessions,
 * a day's sessions): for Administrator and Team only; anyone else gets a 404
 * with `notFound` (what it would get for a class that is not there), or the
 * plain 'Registro não encontrado'.
 */
export function assertSeesClassRosters(actor: Actor | null | undefined, notFound?: string): void {
  if (familyScope(actor)) throw new NotFoundError(notFound);
}
