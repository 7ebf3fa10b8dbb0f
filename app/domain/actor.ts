import { ForbiddenError, UnauthorizedError } from "./errors";

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

/** Administrators change master data (users, offers, branches, classrooms, courses, classes, guardians). */
export function canManage(actor: Actor | null | undefined): boolean {
  return actor?.userType === "Administrator";
}

/** The trials permission flag: Team and Administrator create, edit and move trials. */
export function canManageTrials(actor: Actor | null | undefined): boolean {
  return actor?.userType === "Administrator" || actor?.userType === "Team";
}

export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw new UnauthorizedError();
  return actor;
}

export function assertCanManage(actor: Actor | null | undefined): Actor {
  const a = requireActor(actor);
  if (!canManage(a)) throw new ForbiddenError();
  return a;
}

export function assertCanManageTrials(actor: Actor | null | undefined): Actor {
  const a = requireActor(actor);
  if (!canManageTrials(a)) throw new ForbiddenError();
  return a;
}
