import { z } from "zod";
import { ABSENCE_REQUIRED } from "~/domain/attendance/makeups/schema";

/**
 * The make-up booking dialogs' form (student and family), where one radio choice names a
 * whole session (makeup-screen.ts's sessionValue). Apart from makeup-screen.ts so that the
 * screens that only show make-ups download no zod.
 */

export const SESSION_REQUIRED = "Escolha uma aula para a reposição";

const SESSION_RE = /^([0-9a-f-]{36})\|([0-9a-f-]{36})\|(\d{4}-\d{2}-\d{2})$/i;

/** The booking dialog's form: the absence (from the URL) and the chosen session. */
export const makeupFormSchema = z.object({
  absenceId: z.string({ error: ABSENCE_REQUIRED }).max(100, { error: ABSENCE_REQUIRED, abort: true }).trim().min(1, ABSENCE_REQUIRED),
  session: z
    .string({ error: SESSION_REQUIRED })
    .max(200, { error: SESSION_REQUIRED, abort: true })
    .regex(SESSION_RE, SESSION_REQUIRED)
    .transform((value) => {
      const [, classId, scheduleId, date] = SESSION_RE.exec(value)!;
      return { classId, scheduleId, date };
    }),
});
