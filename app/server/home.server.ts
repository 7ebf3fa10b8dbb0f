import { isStaff, type Actor } from "../domain/access/roles";

/**
 * Where a user starts: the staff's dashboard ('/'), or a family's own space
 * ('/family') for anyone else (a Client): the dashboard is the school's day,
 * not a family's. A sign-in that was sent nowhere in particular lands there.
 */
export function homePath(user: Actor): string {
  return isStaff(user) ? "/" : "/family";
}

/** The page after a sign-in: the page asked for, or the user's start when that was just '/'. */
export function afterSignIn(redirectTo: string, user: Actor): string {
  return redirectTo === "/" ? homePath(user) : redirectTo;
}
