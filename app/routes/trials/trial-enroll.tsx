import { getInputProps, getSelectProps } from "@conform-to/react";
import { lazy, Suspense, useMemo, useState } from "react";
import { useActionData, useLocation } from "react-router";
import type { Route } from "./+types/trial-enroll";
import type { PickerOption } from "~/components/picker-types";
import { PersonFields } from "~/components/person-fields";
import { buttonClass, LinkButton } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { Field, FieldErrors, inputClass } from "~/components/ui/field";
import { CheckboxField } from "~/components/ui/form-controls";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { canManageTrials, type Actor } from "~/domain/actor";
import { CANCELLED, WAITLISTED, type TrialEnrollResultDTO } from "~/domain/enrollments/schema";
import { enrollOptions, getEnrollment, latestEnrollmentOfTrial } from "~/domain/enrollments/queries.server";
import { enrollFromTrial } from "~/domain/enrollments/service.server";
import { findClassOption } from "~/domain/classes/queries.server";
import { DomainError } from "~/domain/errors";
import { findGuardianMatchesByPhone, guardianOption, searchGuardianOptions, type GuardianOption } from "~/domain/guardians/queries.server";
import { getOffer } from "~/domain/offers/queries.server";
import { getStudent } from "~/domain/students/queries.server";
import { formatDay } from "~/domain/calendar/dates";
import { isMonth } from "~/domain/patterns";
import { getTrial } from "~/domain/trials/queries.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatBRL, formatPhone, onlyDigits } from "~/lib/format";
import { dialogAction, orRespond, requireActor } from "~/server/forms.server";
import { returnMonth, trialsUrl } from "./+shared/calendar-screen";
import { FAMILY_EXISTING, FAMILY_NEW, paymentMessage, toFormField, trialEnrollFormSchema, whatsappLink } from "./+shared/trial-enroll-form";

/**
 * /trials/:id/enroll — 'Matricular Aluno': the trial becomes a student of its
 * class, in one transaction (`enrollFromTrial`). Before that, the form
 * (pre-filled from the trial); after it, the same URL shows the enrolment and
 * the payment link to send by WhatsApp.
 *
 * Without JavaScript the guardian search is a GET form of its own (`?q=`), whose
 * results are radio choices; with it, a combobox that searches as you type
 * (the same loader, through a fetcher).
 */

// Headless UI is most of this dialog's script: it comes after the page is interactive
// (until then, and without JavaScript, the guardians are radio choices).
const PickerCombobox = lazy(() => import("~/components/picker-combobox"));

const SEARCH_FORM = "guardian-search";
const SAME_WHATSAPP = "(mesmo WhatsApp)";
const SEARCH_RESULTS = 8;

/** A guardian as the picker shows it: the primary person's name, and what tells families apart. */
function toChoice(g: GuardianOption): PickerOption {
  const detail = [
    g.email,
    g.phone ? formatPhone(g.phone) : null,
    g.personName && g.personName !== g.label ? `família de ${g.personName}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return { id: g.id, label: g.label, detail };
}

async function findGuardianChoice(id: unknown): Promise<PickerOption | null> {
  if (typeof id !== "string" || !id) return null;
  const option = await guardianOption(id);
  return option ? toChoice(option) : null;
}

function enrollUrl(trialId: string, month: string | null): string {
  return `/trials/${trialId}/enroll${month ? `?month=${month}` : ""}`;
}

/**
 * The enrolment the trial led to: its current one (`enrollmentId`; cleared when
 * that enrolment is cancelled), or else the latest one made from it, cancelled
 * since (the trial may be enrolled again).
 */
async function previousEnrollment(actor: Actor, trial: { id: string; enrollmentId: string | null }) {
  if (!trial.enrollmentId) return latestEnrollmentOfTrial(actor, trial.id);
  try {
    return await getEnrollment(actor, trial.enrollmentId);
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return null;
    throw error;
  }
}

export async function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const actor = await requireActor(args, canManageTrials);
  const url = new URL(request.url);
  const trial = await orRespond(getTrial(actor, params.id));
  const month = returnMonth(url, trial.scheduledDate);
  const closeTo = trialsUrl(month);
  const [classOption, previous] = await Promise.all([findClassOption(trial.classId), previousEnrollment(actor, trial)]);
  const enrollment = previous && previous.status !== CANCELLED ? previous : null;
  const classLabel = classOption?.label ?? "-";
  const base = { trial, month, closeTo, classLabel };

  if (enrollment) {
    const [student, offer] = await Promise.all([getStudent(actor, enrollment.studentId), getOffer(actor, enrollment.offerId)]);
    const waitlisted = enrollment.status === WAITLISTED;
    const message = paymentMessage({
      guardianName: trial.guardianName,
      studentName: student.fullName,
      classLabel,
      checkoutLink: offer.checkoutLink,
      waitlisted,
    });
    const phone = onlyDigits(trial.whatsappNumber);
    return {
      ...base,
      result: {
        studentName: student.fullName,
        status: enrollment.status,
        waitlistPosition: enrollment.waitlistPosition,
        startDate: enrollment.startDate,
        offer: `${offer.name} - ${formatBRL(offer.monthlyValue)}`,
        checkoutLink: offer.checkoutLink,
        whatsapp: phone ? whatsappLink(phone, message) : null,
      },
      form: null,
    };
  }

  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [options, matches, found] = await Promise.all([
    orRespond(enrollOptions(actor, trial.classId)),
    findGuardianMatchesByPhone(onlyDigits(trial.whatsappNumber)),
    q ? searchGuardianOptions(q, { limit: SEARCH_RESULTS }) : null,
  ]);
  const whatsappIds = new Set(matches.map((g) => g.id));
  const choice = (g: GuardianOption) => ({ ...toChoice(g), badge: whatsappIds.has(g.id) ? SAME_WHATSAPP : null });
  const results = found ? found.map(choice) : null;
  return {
    ...base,
    result: null,
    // The combobox's search (`PickerMatches`): this loader with `?q=`.
    matches: results ?? [],
    form: {
      cancelledBefore: previous?.status === CANCELLED,
      options,
      whatsappMatches: matches.map(choice),
      q,
      found: results,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { params, request } = args;
  const month = new URL(request.url).searchParams.get("month");
  return dialogAction(args, {
    permission: canManageTrials,
    load: (actor) => getTrial(actor, params.id),
    schema: trialEnrollFormSchema,
    save: async (value, { actor }) => {
      try {
        return await enrollFromTrial(actor, params.id, value);
      } catch (error) {
        if (!(error instanceof DomainError) || !error.errors) throw error;
        const errors = Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [toFormField(key), messages]));
        throw new DomainError(error.status, error.message, errors);
      }
    },
    // A refused form keeps the chosen guardian's name, and offers the waiting
    // list when the class is full (also when it filled up while the form was open).
    extra: async ({ actor, loaded, formData }) => {
      const [options, chosen] = await Promise.all([enrollOptions(actor, loaded.classId), findGuardianChoice(formData.get("guardianId"))]);
      return { full: options.full, chosen };
    },
    errorTitle: "Erro ao matricular",
    redirectTo: enrollUrl(params.id, isMonth(month) ? month : null),
    success: (saved) =>
      (saved as TrialEnrollResultDTO).enrollment.status === WAITLISTED ? "Aluno incluído na lista de espera" : "Matrícula realizada",
  });
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function TrialEnroll({ loaderData }: Route.ComponentProps) {
  if (loaderData.result) return <EnrollResult data={loaderData} result={loaderData.result} />;
  return <EnrollForm data={loaderData} form={loaderData.form!} />;
}

function EnrollResult({ data, result }: { data: LoaderData; result: NonNullable<LoaderData["result"]> }) {
  const waitlisted = result.status === WAITLISTED;
  return (
    <RouteDialog title="Matricular Aluno" description={`${result.studentName} · ${data.classLabel}`} closeTo={data.closeTo} size="lg">
      <div className="space-y-4">
        <p className="rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900">
          {waitlisted
            ? `Aluno incluído na lista de espera${result.waitlistPosition ? ` (posição ${result.waitlistPosition})` : ""}`
            : "Matrícula realizada"}
        </p>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-700">Aluno</dt>
          <dd>{result.studentName}</dd>
          <dt className="font-medium text-slate-700">Turma</dt>
          <dd>{data.classLabel}</dd>
          <dt className="font-medium text-slate-700">Oferta</dt>
          <dd>{result.offer}</dd>
          <dt className="font-medium text-slate-700">Início</dt>
          <dd>{formatDay(result.startDate)}</dd>
          <dt className="font-medium text-slate-700">Situação</dt>
          <dd>{result.status}</dd>
          <dt className="font-medium text-slate-700">Link de pagamento</dt>
          <dd className="break-all">
            <a href={result.checkoutLink} target="_blank" rel="noopener noreferrer" className="text-violet-800 underline">
              {result.checkoutLink}
            </a>
          </dd>
        </dl>
      </div>
      <DialogFooter>
        <LinkButton to={data.closeTo} variant="outline" preventScrollReset>
          Fechar
        </LinkButton>
        {result.whatsapp ? (
          <a href={result.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass()}>
            Enviar link de pagamento
          </a>
        ) : null}
      </DialogFooter>
    </RouteDialog>
  );
}

function EnrollForm({ data, form: screen }: { data: LoaderData; form: NonNullable<LoaderData["form"]> }) {
  const { trial, classLabel, closeTo, month } = data;
  const { options, whatsappMatches: matches, q, found } = screen;
  const location = useLocation();
  const hydrated = useHydrated();
  const answer = useActionData() as { full?: boolean; chosen?: PickerOption | null } | undefined;
  const [form, fields] = useDialogForm({
    id: `trial-enroll-${trial.id}`,
    schema: trialEnrollFormSchema,
    defaultValue: {
      studentName: trial.studentName,
      birthDate: "",
      family: matches.length > 0 || q ? FAMILY_EXISTING : FAMILY_NEW,
      guardianId: matches[0]?.id ?? "",
      guardian: {
        address: "",
        person: { fullName: trial.guardianName, cpf: "", email: "", birthDate: "", phone: formatPhone(trial.whatsappNumber) },
      },
      offerId: options.offers.length === 1 ? options.offers[0].id : "",
      startDate: options.nextSessionDate,
    },
  });
  const [family, setFamily] = useState(String(fields.family.initialValue ?? FAMILY_NEW));
  const guardian = fields.guardian.getFieldset();
  const person = guardian.person.getFieldset();
  const full = options.full || Boolean(answer?.full);

  // The guardians to choose from without typing: the WhatsApp matches, the search's, the one chosen before.
  // Memoised on the loader's and the action's answers: the combobox takes a new `selected` as a new choice.
  // The one chosen before is taken as the loader shows it, when it does (with its '(mesmo WhatsApp)').
  const chosen = answer?.chosen;
  const known = useMemo(() => {
    const listed = [...matches, ...(found ?? [])];
    const before = chosen ? [listed.find((g) => g.id === chosen.id) ?? chosen] : [];
    return uniqueChoices([...before, ...listed]);
  }, [chosen, matches, found]);
  const chosenId = String(fields.guardianId.initialValue ?? "");
  const selected = useMemo(() => known.find((g) => g.id === chosenId) ?? null, [known, chosenId]);
  const radios = (
    <GuardianRadios
      name={fields.guardianId.name}
      errorId={fields.guardianId.errorId}
      errors={fields.guardianId.errors}
      chosenId={chosenId}
      choices={known}
      q={q}
      searched={found !== null}
    />
  );

  return (
    <>
      <FormDialog
        form={form}
        title="Matricular Aluno"
        description={`Experimental de ${trial.studentName} (${trial.guardianName})`}
        closeTo={closeTo}
        size="xl"
        action={location.pathname + location.search}
        noValidate
        submit="enroll"
        fieldsetClassName="space-y-6"
        before={
          screen.cancelledBefore ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              A matrícula feita a partir deste experimental foi cancelada. Ele pode ser matriculado de novo.
            </p>
          ) : null
        }
      >
        <section aria-labelledby="enroll-student" className="grid gap-4 sm:grid-cols-2">
          <h3 id="enroll-student" className="text-base font-semibold sm:col-span-2">
            Aluno
          </h3>
          <Field label="Nome do aluno" field={fields.studentName} required>
            <input {...getInputProps(fields.studentName, { type: "text" })} className={inputClass} autoComplete="off" />
          </Field>
          <Field label="Data de nascimento do aluno" field={fields.birthDate}>
            <input {...getInputProps(fields.birthDate, { type: "date" })} className={inputClass} />
          </Field>
          <Field label="Turma" htmlFor="enroll-class" className="sm:col-span-2">
            <input id="enroll-class" type="text" readOnly value={classLabel} className={`${inputClass} bg-slate-50`} />
          </Field>
        </section>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold">Responsável</legend>
          <FieldErrors id={fields.family.errorId} errors={fields.family.errors} />
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {[
              { value: FAMILY_EXISTING, label: "Responsável existente" },
              { value: FAMILY_NEW, label: "Novo responsável" },
            ].map((choice) => (
              <label key={choice.value} className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="radio"
                  name={fields.family.name}
                  value={choice.value}
                  defaultChecked={family === choice.value}
                  onChange={() => setFamily(choice.value)}
                  className="h-4 w-4 border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
                />
                {choice.label}
              </label>
            ))}
          </div>

          <div hidden={hydrated && family !== FAMILY_EXISTING} className="space-y-3 rounded-md border border-slate-200 p-4">
            {hydrated ? (
              <Suspense fallback={radios}>
                <PickerCombobox
                  name={fields.guardianId.name}
                  label="Responsável"
                  errorId={fields.guardianId.errorId}
                  errors={fields.guardianId.errors}
                  selected={selected}
                  proposals={known}
                  searchHref={(term) => `${location.pathname}?${new URLSearchParams(month ? { q: term, month } : { q: term })}`}
                  placeholder="Busque por nome, e-mail ou CPF"
                  emptyText="Nenhum responsável encontrado"
                  hint={(g) => (g ? `Selecionado: ${g.label}${g.detail ? ` (${g.detail})` : ""}` : "Nenhum responsável selecionado")}
                />
              </Suspense>
            ) : (
              radios
            )}
          </div>

          <div hidden={hydrated && family !== FAMILY_NEW} className="space-y-3 rounded-md border border-slate-200 p-4">
            <p className="text-sm font-semibold">Novo responsável</p>
            <Field label="Endereço" field={guardian.address} required>
              <input {...getInputProps(guardian.address, { type: "text" })} className={inputClass} autoComplete="street-address" />
            </Field>
            <fieldset className="rounded-md border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold">Pessoa principal</legend>
              <FieldErrors id={guardian.person.errorId} errors={guardian.person.errors} />
              <div className="grid gap-3 sm:grid-cols-2">
                <PersonFields fields={person} />
              </div>
            </fieldset>
          </div>
        </fieldset>

        <section aria-labelledby="enroll-plan" className="grid gap-4 sm:grid-cols-2">
          <h3 id="enroll-plan" className="text-base font-semibold sm:col-span-2">
            Matrícula
          </h3>
          <Field label="Oferta" field={fields.offerId} required>
            <select {...getSelectProps(fields.offerId)} className={inputClass}>
              <option value="">Selecione a oferta</option>
              {options.offers.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Data de início" field={fields.startDate} required hint="Sugerida: a próxima aula da turma">
            <input {...getInputProps(fields.startDate, { type: "date" })} className={inputClass} />
          </Field>
          <p className="text-sm text-slate-700 sm:col-span-2">{`Vagas: ${options.active} de ${options.capacity} ocupadas${full ? " (turma lotada)" : ""}`}</p>
          {full ? (
            <div className="sm:col-span-2">
              <CheckboxField field={fields.waitlist} label="Entrar na lista de espera" />
            </div>
          ) : null}
        </section>
      </FormDialog>
      {/* The search without JavaScript: its input and button sit in the dialog (form="…"). */}
      <form id={SEARCH_FORM} method="get" action={location.pathname} hidden>
        {month ? <input type="hidden" name="month" value={month} /> : null}
      </form>
    </>
  );
}

function uniqueChoices(list: PickerOption[]): PickerOption[] {
  const seen = new Set<string>();
  return list.filter((g) => (seen.has(g.id) ? false : (seen.add(g.id), true)));
}

/** Without JavaScript: the search box (a GET form of its own) and the guardians as radio choices. */
function GuardianRadios({
  name,
  errorId,
  errors,
  chosenId,
  choices,
  q,
  searched,
}: {
  name: string;
  errorId: string;
  errors?: string[];
  chosenId: string;
  choices: PickerOption[];
  q: string;
  searched: boolean;
}) {
  return (
    <>
      <div className="flex items-end gap-2">
        <Field label="Buscar responsável (nome, e-mail ou CPF)" htmlFor="guardian-q" className="flex-1">
          <input id="guardian-q" name="q" type="search" form={SEARCH_FORM} defaultValue={q} className={inputClass} autoComplete="off" />
        </Field>
        <button type="submit" form={SEARCH_FORM} className={buttonClass("outline")}>
          Buscar
        </button>
      </div>
      {searched && choices.every((c) => c.badge) ? <p className="text-sm text-slate-700">Nenhum responsável encontrado</p> : null}
      {choices.length > 0 ? (
        <fieldset aria-describedby={errors?.length ? errorId : undefined}>
          <legend className="mb-1 text-sm font-medium">Escolha o responsável</legend>
          <ul className="space-y-1">
            {choices.map((g) => (
              <li key={g.id}>
                <label className="flex items-start gap-2 rounded-md p-1 text-sm hover:bg-slate-50">
                  <input
                    type="radio"
                    name={name}
                    value={g.id}
                    defaultChecked={g.id === chosenId}
                    className="mt-0.5 h-4 w-4 border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
                  />
                  <span>
                    <span className="font-medium">{g.label}</span>
                    {g.badge ? <span className="ml-1 text-green-800">{g.badge}</span> : null}
                    {g.detail ? <span className="block text-slate-700">{g.detail}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Matricular Aluno" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
