import type { Actor } from "~/domain/access/roles";
import { DomainError } from "~/domain/errors";
import { enrollOptions } from "~/domain/enrollments/queries.server";
import {
  enrollmentSchema,
  promotionMessage,
  WAITLISTED,
  type EnrollmentDTO,
  type EnrollmentInput,
  type PromotionDTO,
} from "~/domain/enrollments/schema";
import { createEnrollment } from "~/domain/enrollments/service.server";
import { EMPTY_ENROLL_STATE, type EnrollState, type EnrollValues } from "./enrollment-fields";

/** The enrolment form's state for a class; a missing or unknown class gives the empty state. */
export async function enrollState(actor: Actor, classId: string | null | undefined): Promise<EnrollState> {
  if (!classId) return EMPTY_ENROLL_STATE;
  try {
    const options = await enrollOptions(actor, classId);
    return {
      classId,
      offers: options.offers.map((o) => ({ id: o.id, label: o.label })),
      nextSessionDate: options.nextSessionDate,
      full: options.full,
      capacity: options.capacity,
      active: options.active,
      alternatives: options.alternatives,
    };
  } catch (error) {
    if (error instanceof DomainError) return EMPTY_ENROLL_STATE;
    throw error;
  }
}

const text = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" ? value.slice(0, 100) : "");

/** What was typed in an enrolment form (a posted form, or a no-JS search's URL). */
export function typedEnrollValues(source: FormData | URLSearchParams): Partial<EnrollValues> {
  return {
    offerId: text(source.get("offerId")) || undefined,
    startDate: text(source.get("startDate")) || undefined,
    waitlist: source.get("waitlist") === "on" ? true : undefined,
    discountPercent: source.has("discountPercent") ? text(source.get("discountPercent")) : undefined,
  };
}

/** The 'Sucesso' toast of a new enrolment: active, or on the waiting list. */
export function enrolledMessage(saved: Pick<EnrollmentDTO, "status">): string {
  return saved.status === WAITLISTED ? "Aluno incluído na lista de espera" : "Matrícula realizada";
}

/** A toast's text followed by who left a waiting list meanwhile ('Matrícula cancelada. Helena Oliveira saiu da lista de espera'). */
export function withPromotions(message: string, promoted: readonly PromotionDTO[] | undefined): string {
  const note = promotionMessage(promoted ?? []);
  return note ? `${message}. ${note}` : message;
}

/** A checked enrolment form as the service reads it, in the API's units (the discount in percent, not hundredths of one). */
export function enrollmentInput(value: EnrollmentInput) {
  return { ...value, discountPercent: value.discountPercent === undefined ? undefined : value.discountPercent / 100 };
}

/**
 * What the enrol dialogs of a class and of a student share in their action
 * (`dialogAction(args, { permission, load, prepare, ...enrollDialogSave, extra, redirectTo })`):
 * the schema, the save (seats freed meanwhile go to the waiting list first:
 * the toast names who took them) and its words.
 */
export const enrollDialogSave = {
  schema: enrollmentSchema,
  save: async (value: EnrollmentInput, { actor }: { actor: Actor }) => {
    const promoted: PromotionDTO[] = [];
    return { ...(await createEnrollment(actor, enrollmentInput(value), promoted)), promoted };
  },
  errorTitle: "Erro ao matricular aluno",
  success: (saved: EnrollmentDTO & { promoted: PromotionDTO[] }) => withPromotions(enrolledMessage(saved), saved.promoted),
};
