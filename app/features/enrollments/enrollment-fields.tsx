import { Link } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import type { useDialogForm } from "~/components/ui/form-dialog";
import type { enrollmentSchema } from "~/domain/enrollments/schema";

/** Another class of the course with free places (see `enrollOptions`). */
export interface ClassChoice {
  id: string;
  label: string;
  branchName: string;
  sameBranch: boolean;
  free: number;
}

/** What an enrolment form offers for the chosen class: its offers, its next session, its places, and when full the other classes. */
export interface EnrollState {
  classId: string;
  offers: Array<{ id: string; label: string }>;
  nextSessionDate: string;
  full: boolean;
  capacity: number;
  active: number;
  alternatives: ClassChoice[];
}

export const EMPTY_ENROLL_STATE: EnrollState = {
  classId: "",
  offers: [],
  nextSessionDate: "",
  full: false,
  capacity: 0,
  active: 0,
  alternatives: [],
};

export type EnrollFields = ReturnType<typeof useDialogForm<typeof enrollmentSchema>>[1];

/** The chosen values an enrolment form shows (posted before, or the class's defaults). */
export interface EnrollValues {
  offerId: string;
  startDate: string;
  waitlist: boolean;
  /** 'Desconto (%)' as typed ("10", "12,5"): the offer's monthly value less this, in each month's charge. */
  discountPercent: string;
}

/** The defaults for a class: its single offer preselected, its next session as the start date. */
export function enrollDefaults(state: EnrollState, given: Partial<EnrollValues> = {}): EnrollValues {
  const offerId =
    given.offerId && state.offers.some((o) => o.id === given.offerId) ? given.offerId : state.offers.length === 1 ? state.offers[0].id : "";
  return {
    offerId,
    startDate: given.startDate || state.nextSessionDate,
    waitlist: given.waitlist ?? false,
    discountPercent: given.discountPercent ?? "0",
  };
}

/**
 * A full class, said before submitting: 'Turma lotada (20/20)', what the
 * submit does then (the waiting list: the dialog's button reads 'Entrar na
 * lista de espera' and posts `waitlist=on`) and the other classes of the
 * course with free places, the same branch first, each a link that switches
 * the dialog to it (`switchHref`).
 */
export function FullClassNotice({
  active,
  capacity,
  alternatives,
  switchHref,
  note,
}: {
  active: number;
  capacity: number;
  alternatives: readonly ClassChoice[];
  switchHref: (classId: string) => string;
  /** What the waiting list means here (e.g. no payment link is sent). */
  note?: string;
}) {
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="class-full">
      <p>
        <strong className="font-semibold text-red-800">{`Turma lotada (${active}/${capacity})`}</strong>
        {` · Ao confirmar, o aluno entra na lista de espera.${note ? ` ${note}` : ""}`}
      </p>
      {alternatives.length > 0 ? (
        <nav aria-label="Outras turmas do curso com vagas">
          <p className="font-medium">Ou troque para outra turma do curso com vagas:</p>
          <ul className="mt-1 space-y-1">
            {alternatives.map((c) => (
              <li key={c.id}>
                <Link to={switchHref(c.id)} className="link" preventScrollReset>
                  {c.label}
                </Link>
                {` · ${c.branchName} · ${c.free === 1 ? "1 vaga" : `${c.free} vagas`}`}
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <p>Nenhuma outra turma deste curso tem vagas.</p>
      )}
    </div>
  );
}

/**
 * The offer and the start date, with the class's places; a full class (or
 * the server's 'Turma lotada') shows FullClassNotice and posts `waitlist=on`
 * (the dialog's submit then reads 'Entrar na lista de espera'). Keyed by the
 * class, so choosing another class starts from that class's defaults.
 */
export function EnrollmentFields({
  fields,
  state,
  values,
  classFull,
  loading = false,
  switchHref,
  mayDiscount = true,
}: {
  fields: EnrollFields;
  state: EnrollState;
  values: EnrollValues;
  /** The server refused with 'Turma lotada': the waiting list even if the numbers say otherwise. */
  classFull?: boolean;
  loading?: boolean;
  /** The URL of this dialog for another class (the full class's alternatives). */
  switchHref: (classId: string) => string;
  /** 'Desconto (%)' is shown to the Administrator only (the service refuses Team's discount with 403). */
  mayDiscount?: boolean;
}) {
  const full = state.full || Boolean(classFull);
  const offerErrors = fields.offerId.errors;
  const dateErrors = fields.startDate.errors;
  const discountErrors = fields.discountPercent.errors;
  return (
    <>
      {state.classId && full ? (
        <FullClassNotice active={state.active} capacity={state.capacity} alternatives={state.alternatives} switchHref={switchHref} />
      ) : state.classId ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          {`${state.active} de ${state.capacity} vagas`}
        </p>
      ) : null}
      {full ? <input type="hidden" name={fields.waitlist.name} value="on" /> : null}
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
      {mayDiscount ? (
        <Field label="Desconto (%)" field={fields.discountPercent} hint="Sobre o valor mensal da oferta: irmãos, plano anual… (0 a 100)">
          <input
            type="text"
            inputMode="decimal"
            id={fields.discountPercent.id}
            name={fields.discountPercent.name}
            defaultValue={values.discountPercent}
            key={`discount-${values.discountPercent}`}
            aria-invalid={discountErrors ? true : undefined}
            aria-describedby={discountErrors ? fields.discountPercent.errorId : undefined}
            className={inputClass}
          />
        </Field>
      ) : null}
    </>
  );
}
