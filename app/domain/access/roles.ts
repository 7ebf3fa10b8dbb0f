import { ForbiddenError, UnauthorizedError } from "../errors";

/**
 * Who may act, in one vocabulary for the whole app: **staff** (Administrator
 * and Team: trials, enrolments, roll calls, make-ups, payments, tasks,
 * reports) and **admin** (Administrator: master data, users, reversals,
 * discounts, back-dated payments, anonymisation). `isStaff`/`isAdmin` answer;
 * `assertStaff`/`assertAdmin` throw (401 without an actor, 403 otherwise) and
 * are what the services call. A screen guards itself with `screenActor(args,
 * isStaff)` (`app/server/forms.server.ts`: a redirect to /auth or a 403 page).
 * Which family a Client reads is the other half of access: `./family-scope.ts`.
 */

export const USER_TYPES = ["Team", "Client", "Administrator"] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Who is acting: the signed-in user as services see it. */
export interface Actor {
  id: string;
  userType: string;
}

export const USER_TYPE_LABELS: Record<string, string> = {
  Team: "Equipe",
  Client: "Cliente",
  Administrator: "Administrador",
};

/** The translated label; unknown values are shown as they are (§3). */
export function userTypeLabel(userType: string): string {
  return USER_TYPE_LABELS[userType] ?? userType;
}

/** Admin: the Administrator, who changes master data (users, offers, branches, classrooms, courses, classes, guardians) and money decisions. */
export function isAdmin(actor: Actor | null | undefined): boolean {
  return actor?.userType === "Administrator";
}

/** Staff: Team and Administrator, who work the school's day (trials, enrolments, roll calls, make-ups, payments, tasks, reports). */
export function isStaff(actor: Actor | null | undefined): boolean {
  return actor?.userType === "Administrator" || actor?.userType === "Team";
}

/** Any signed-in actor (401 otherwise). */
export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw new UnauthorizedError();
  return actor;
}

export function assertAdmin(actor: Actor | null | undefined): Actor {
  const a = requireActor(actor);
  if (!isAdmin(a)) throw new ForbiddenError();
  return a;
}

export function assertStaff(actor: Actor | null | undefined): Actor {
  const a = requireActor(actor);
  if (!isStaff(a)) throw new ForbiddenError();
  return a;
}
