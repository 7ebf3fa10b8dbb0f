import { z } from "zod";
import { discountField } from "~/domain/charges/schema";
import { GUARDIAN_CHOICE_REQUIRED, OFFER_REQUIRED, startDateField } from "~/domain/enrollments/schema";
import { formCheckbox, requiredString } from "~/domain/fields";
import { guardianFormSchema, type GuardianInput } from "~/domain/guardians/schema";
import { birthDateFormField, STUDENT_NAME_REQUIRED } from "~/domain/students/schema";

/**
 * The 'Matricular Aluno' form (/trials/:id/enroll), shared by the browser and
 * the action. The family is an existing guardian (`guardianId`, a radio without
 * JavaScript, a combobox with it) or a new one typed in the same form (the
 * 'Novo Responsável' rules: address and one complete person, who is the
 * primary). The output is the input of `enrollFromTrial`.
 */
export const FAMILY_EXISTING = "existing";
export const FAMILY_NEW = "new";

const formText = z.string().optional();

export const trialEnrollFormSchema = z
  .object({
    studentName: formText,
    birthDate: formText,
    family: formText,
    guardianId: formText,
    // One person, the primary (`guardian.person.*`); the API's `persons` is built from it.
    guardian: z
      .object({
        address: formText,
        person: z.object({ fullName: formText, cpf: formText, email: formText, birthDate: formText, phone: formText }).optional(),
      })
      .optional(),
    // Another class of the course (the trial's is full); absent: the trial's.
    classId: formText,
    offerId: formText,
    startDate: formText,
    waitlist: formCheckbox,
    discountPercent: formText,
  })
  .transform((form, ctx) => {
    let failed = false;
    const check = <T>(path: Array<string | number>, schema: z.ZodType<T>, value: unknown): T | undefined => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      failed = true;
      ctx.addIssue({ code: "custom", path, message: parsed.error.issues[0].message });
      return undefined;
    };
    const studentName = check(["studentName"], requiredString(STUDENT_NAME_REQUIRED), form.studentName ?? "");
    const birthDate = check(["birthDate"], birthDateFormField, form.birthDate ?? "");
    const offerId = check(["offerId"], requiredString(OFFER_REQUIRED, 100), form.offerId ?? "");
    const startDate = check(["startDate"], startDateField, form.startDate ?? "");
    // Checked here, passed on as typed (the service reads it as the API does: "12,5" is 12.5 %).
    const discount = form.discountPercent?.trim() ? form.discountPercent.trim() : undefined;
    if (discount !== undefined) check(["discountPercent"], discountField, discount);

    let family: { guardianId: string } | { guardian: GuardianInput } | undefined;
    if (form.family === FAMILY_NEW) {
      const person = form.guardian?.person;
      const parsed = guardianFormSchema.safeParse({ address: form.guardian?.address, persons: person ? [person] : [], primaryIndex: "0" });
      if (parsed.success) {
        const { formIndexes: _, ...guardian } = parsed.data;
        family = { guardian };
      } else {
        failed = true;
        for (const issue of parsed.error.issues) {
          const path = issue.path[0] === "persons" ? ["person", ...issue.path.slice(2).map(String)] : issue.path.map(String);
          ctx.addIssue({ code: "custom", path: ["guardian", ...path], message: issue.message });
        }
      }
    } else {
      const guardianId = check(["guardianId"], requiredString(GUARDIAN_CHOICE_REQUIRED, 100), form.guardianId ?? "");
      if (guardianId) family = { guardianId };
    }
    if (failed || !family || studentName === undefined || offerId === undefined || startDate === undefined) return z.NEVER;
    const classId = form.classId?.trim() ? { classId: form.classId.trim() } : {};
    return {
      ...family,
      ...classId,
      studentName,
      birthDate: birthDate ?? null,
      offerId,
      startDate,
      waitlist: form.waitlist,
      ...(discount !== undefined ? { discountPercent: discount } : {}),
    };
  });

export type TrialEnrollFormValue = z.output<typeof trialEnrollFormSchema>;

/** The service names the new guardian's person `guardian.persons[0].…`; the form, `guardian.person.…`. */
export function toFormField(key: string): string {
  return key.replace(/^guardian\.persons\[0\]/, "guardian.person").replace(/^guardian\.persons$/, "guardian.person");
}
