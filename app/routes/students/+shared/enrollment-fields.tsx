import { CheckboxField } from "~/components/ui/form-controls";
import { Field, inputClass } from "~/components/ui/field";
import type { useDialogForm } from "~/components/ui/form-dialog";
import type { enrollmentSchema } from "~/domain/enrollments/schema";

/** What an enrolment form offers for the chosen class: its offers, its next session, its places. */
export interface EnrollState {
  classId: string;
  offers: Array<{ id: string; label: string }>;
  nextSessionDate: string;
  full: boolean;
  capacity: number;
  active: number;
}

export const EMPTY_ENROLL_STATE: EnrollState = { classId: "", offers: [], nextSessionDate: "", full: false, capacity: 0, active: 0 };

export type EnrollFields = ReturnType<typeof useDialogForm<typeof enrollmentSchema>>[1];

/** The chosen values an enrolment form shows (posted before, or the class's defaults). */
export interface EnrollValues {
  offerId: string;
  startDate: string;
  waitlist: boolean;
}

/** The defaults for a class: its single offer preselected, its next session as the start date. */
export function enrollDefaults(state: EnrollState, given: Partial<EnrollValues> = {}): EnrollValues {
  const offerId =
    given.offerId && state.offers.some((o) => o.id === given.offerId) ? given.offerId : state.offers.length === 1 ? state.offers[0].id : "";
  return { offerId, startDate: given.startDate || state.nextSessionDate, waitlist: given.waitlist ?? false };
}

/**
 * The offer, the start date and — when the class is full (or the server just
 * answered 'Turma lotada') — 'Entrar na lista de espera'. Keyed by the class,
 * so choosing another class starts from that class's defaults.
 */
export function EnrollmentFields({
  fields,
  state,
  values,
  classFull,
  loading = false,
}: {
  fields: EnrollFields;
  state: EnrollState;
  values: EnrollValues;
  /** The server refused with 'Turma lotada': offer the waiting list even if the numbers say otherwise. */
  classFull?: boolean;
  loading?: boolean;
}) {
  const full = state.full || Boolean(classFull);
  const offerErrors = fields.offerId.errors;
  const dateErrors = fields.startDate.errors;
  return (
    <>
      {state.classId ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          {`${state.active} de ${state.capacity} vagas`}
          {full ? <strong className="ml-2 font-semibold text-red-800">Turma lotada</strong> : null}
        </p>
      ) : null}
      <Field
        label="Oferta"
        field={fields.offerId}
        required
        hint={state.classId && !loading && state.offers.length === 0 ? "Nenhuma oferta ativa na unidade desta turma" : undefined}
      >
        <select
          key={`offer-${state.classId}`}
          id={fields.offerId.id}
          name={fields.offerId.name}
          defaultValue={values.offerId}
          aria-invalid={offerErrors ? true : undefined}
          aria-describedby={offerErrors ? fields.offerId.errorId : undefined}
          aria-busy={loading || undefined}
          className={inputClass}
        >
          <option value="">{state.classId ? "Selecione a oferta" : "Escolha a turma primeiro"}</option>
          {state.offers.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Data de início" field={fields.startDate} required>
        <input
          key={`start-${state.classId}`}
          type="date"
          id={fields.startDate.id}
          name={fields.startDate.name}
          defaultValue={values.startDate}
          aria-invalid={dateErrors ? true : undefined}
          aria-describedby={dateErrors ? fields.startDate.errorId : undefined}
          className={inputClass}
        />
      </Field>
      {full ? (
        <CheckboxField
          key={`waitlist-${state.classId}`}
          id={fields.waitlist.id}
          name={fields.waitlist.name}
          label="Entrar na lista de espera"
          defaultChecked={values.waitlist}
          errors={fields.waitlist.errors}
          errorId={fields.waitlist.errorId}
        />
      ) : null}
    </>
  );
}
