import type { Actor } from "~/domain/access/roles";
import { NotFoundError } from "~/domain/errors";
import { getFamily } from "~/domain/family/overview.server";
import { ABSENCE_NOT_FOUND } from "~/domain/attendance/makeups/schema";
import { PERSON_NOT_FOUND } from "~/domain/guardians/queries.server";

/**
 * The family's dialogs find what their URL names in the signed-in user's own
 * family ('Minha família', `getFamily`): a session to come of one of its
 * children, an absence of one of them, one of its persons. Anything else is a
 * 404 (and a user without a family gets 'Família não encontrada').
 */

/** Any signed-in user reaches these screens; the family is the user's own (the services check it again). */
export const anyUser = () => true;

export const SESSION_NOT_FOUND = "Aula não encontrada";

export interface SessionKey {
  enrollmentId: string;
  scheduleId: string;
  date: string;
}

/** The session key of `?enrollmentId=&scheduleId=&date=` (bounded, never trusted: it is looked up). */
export function sessionKeyOf(request: Request): SessionKey {
  const search = new URL(request.url).searchParams;
  const read = (name: string) => (search.get(name) ?? "").slice(0, 100);
  return { enrollmentId: read("enrollmentId"), scheduleId: read("scheduleId"), date: read("date") };
}

export async function findFamilySession(actor: Actor, key: SessionKey) {
  const family = await getFamily(actor);
  for (const child of family.students) {
    const session = child.nextSessions.find(
      (s) => s.enrollmentId === key.enrollmentId && s.scheduleId === key.scheduleId && s.date === key.date,
    );
    if (session) return { student: child.student, session };
  }
  throw new NotFoundError(SESSION_NOT_FOUND);
}

export async function findFamilyAbsence(actor: Actor, absenceId: string) {
  const family = await getFamily(actor);
  for (const child of family.students) {
    const absence = child.attendance.absences.find((a) => a.id === absenceId);
    if (absence) return { student: child.student, absence };
  }
  throw new NotFoundError(ABSENCE_NOT_FOUND);
}

export async function findFamilyPerson(actor: Actor, personId: string) {
  const family = await getFamily(actor);
  const person = family.guardian.persons.find((p) => p.id === personId);
  if (!person) throw new NotFoundError(PERSON_NOT_FOUND);
  return person;
}
