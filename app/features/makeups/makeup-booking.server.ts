import type { z } from "zod";
import type { Actor } from "~/domain/access/roles";
import { DomainError, ValidationError } from "~/domain/errors";
import { makeupOptions, makeupPlace } from "~/domain/attendance/makeups/queries.server";
import type { MakeupDTO } from "~/domain/attendance/makeups/schema";
import type { DialogContext } from "~/server/forms.server";
import { makeupBookedMessage, makeupOptionView } from "./makeup-screen";
import type { makeupFormSchema } from "./makeup-form";

/**
 * The server side of a make-up booking dialog, the staff's on a student's page
 * and the family's on its own: the sessions to choose from and the booking.
 */

/** The absence's sessions with room, as the dialog's radio choices. */
export async function makeupSessionOptions(actor: Actor, absenceId: string) {
  return (await makeupOptions(actor, absenceId)).map(makeupOptionView);
}

/**
 * The dialog's save: `book` (the staff's service or the family's) for the
 * absence the dialog loaded and the chosen session; the toast's words name
 * the student and the place. The service names its own fields (classId,
 * date); here one choice stands for them, so its message goes above the form.
 */
export function saveMakeupBooking(book: (actor: Actor, input: unknown) => Promise<MakeupDTO>) {
  return async (
    value: z.output<typeof makeupFormSchema>,
    { actor, loaded }: DialogContext<{ student: { fullName: string }; absence: { id: string } }>,
  ) => {
    try {
      const makeup = await book(actor, { absenceId: loaded.absence.id, ...value.session });
      return { message: makeupBookedMessage(loaded.student.fullName, await makeupPlace(makeup)) };
    } catch (error) {
      if (error instanceof ValidationError) throw new DomainError(error.status, error.message);
      throw error;
    }
  };
}
