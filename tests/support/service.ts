import { expect } from "vitest";
import type { Actor } from "~/domain/access/roles";
import { DomainError } from "~/domain/errors";
import { makeStaffUser } from "./factories";

/** A new user of this type, as the services see the signed-in user. */
export async function actorOfType(userType: "Team" | "Administrator" | "Client"): Promise<Actor> {
  const user = await makeStaffUser(userType);
  return { id: user.id, userType: user.userType };
}

/** The domain error a command is refused with (the test fails if it succeeds or fails otherwise). */
export async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}
