import { getInputProps, getSelectProps } from "@conform-to/react";
import { lazy, Suspense, useMemo } from "react";
import { useActionData, useLocation } from "react-router";
import type { Route } from "./+types/trial-enroll";
import type { PickerOption } from "~/components/picker-types";
import { PersonFields } from "~/components/person-fields";
import { buttonClass, LinkButton } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { Field, FieldErrors, inputClass, Options, RequiredMark } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isStaff, type Actor } from "~/domain/access/roles";
import { CANCELLED, CLASS_FULL, WAITLISTED, type PromotionDTO } from "~/domain/enrollments/schema";
import { enrollOptions, getEnrollment, latestEnrollmentOfTrial } from "~/domain/enrollments/queries.server";
import { enrollFromTrial } from "~/domain/enrollments/service.server";
import { classSessionSource, findClassOption } from "~/domain/classes/queries.server";
import { DomainError } from "~/domain/errors";
import {
  findGuardianMatchesByName,
  findGuardianMatchesByPhone,
  guardianOption,
  searchGuardianOptions,
  type GuardianOption,
} from "~/domain/guardians/queries.server";
import { getOffer } from "~/domain/offers/queries.server";
import { getStudent } from "~/domain/students/queries.server";
import { formatDay } from "~/domain/calendar/dates";
import { isMonth } from "~/domain/patterns";
import { getTrial } from "~/domain/trials/queries.server";
import type { TrialDTO } from "~/domain/trials/schema";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShell } from "~/hooks/use-shell";
import { formatBRL, formatPhone, onlyDigits } from "~/lib/format";
import { paymentMessage, whatsappLink } from "~/lib/whatsapp";
import { dialogAction, orRespond, screenActor, type DialogContext } from "~/server/forms.server";
import { withPromotions } from "~/features/enrollments/enroll-form.server";
import { FullClassNotice } from "~/features/enrollments/enrollment-fields";
import { returnMonth, trialsUrl } from "./+shared/calendar-screen";
import { FAMILY_EXISTING, FAMILY_NEW, toFormField, trialEnrollFormSchema } from "./+shared/trial-enroll-form";

/**
 * /trials/:id/enroll — 'Matricular Aluno': the trial becomes a student of its
 * class, in one transaction (`enrollFromTrial`). Before that, the form
 * (pre-filled from the trial); after it, the same URL shows the enrolment and
 * the payment link to send by WhatsApp.
 *
 * The families proposed are those with the trial's WhatsApp number ('(mesmo
 * WhatsApp)', the first one chosen); a family whose primary person has the
 * trial guardian's name but another phone is shown as such ('WhatsApp
 * diferente do cadastro') and never chosen for the user. Without JavaScript the
 * guardian search is a button of the form ('Buscar', intent `search`) whose
 * answer keeps everything typed and shows the results as radio choices; with
 * it, a combobox that searches as you type (this loader's `?q=`, through a
 * fetcher). A full class is said before submitting, with the other classes of
 * its course that have places (`?classId=` switches to one).
 */

// Headless UI is most of this dialog's script: it comes after the page is interactive
// (until then, and without JavaScript, the guardians are radio choices).
const PickerCombobox = lazy(() => import("~/components/picker-combobox"));

const SAME_WHATSAPP = "(mesmo WhatsApp)";
const OTHER_WHATSAPP = "WhatsApp diferente do cadastro";
const SEARCH_RESULTS = 8;
const SEARCH_INTENT = "search";

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

/** A family as a choice, told apart by whether it has the trial's WhatsApp number. */
function choiceOf(g: GuardianOption, samePhone: ReadonlySet<string>): PickerOption {
  return samePhone.has(g.id) ? { ...toChoice(g), badge: SAME_WHATSAPP } : { ...toChoice(g), badge: OTHER_WHATSAPP, badgeWarns: true };
}

/** The class the enrolment goes to: `?classId=` when it is an active class of the trial class's course, else the trial's. */
async function chosenClassId(trialClassId: string, wanted: unknown): Promise<string> {
  if (typeof wanted !== "string" || !wanted || wanted === trialClassId) return trialClassId;
  const [origin, target] = await Promise.all([classSessionSource(trialClassId), classSessionSource(wanted)]);
  return origin && target?.active && target.courseId === origin.courseId ? target.id : trialClassId;
}

/** What was typed in the form (a no-JS search answers it back, so nothing is lost). */
function typedValues(formData: FormData) {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, 500) : "";
  };
  return {
    studentName: text("studentName"),
    birthDate: text("birthDate"),
    // A search is for an existing family; Enter in another field (the form's first button is 'Buscar') keeps the choice.
    family: text("q").trim() ? FAMILY_EXISTING : text("family"),
    guardianId: text("guardianId"),
    guardian: {
      address: text("guardian.address"),
      person: {
        fullName: text("guardian.person.fullName"),
        cpf: text("guardian.person.cpf"),
        email: text("guardian.person.email"),
        birthDate: text("guardian.person.birthDate"),
        phone: text("guardian.person.phone"),
      },
    },
    offerId: text("offerId"),
    startDate: text("startDate"),
    discountPercent: text("discountPercent"),
  };
}
type TypedValues = ReturnType<typeof typedValues>;

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
  const actor = await screenActor(args, isStaff);
  const url = new URL(request.url);
  const trial = await orRespond(getTrial(actor, params.id));
  const month = returnMonth(url, trial.scheduledDate);
  const closeTo = trialsUrl(month);
  const previous = await previousEnrollment(actor, trial);
  const enrollment = previous && previous.status !== CANCELLED ? previous : null;

  if (enrollment) {
    const [student, offer, enrolledClass] = await Promise.all([
      getStudent(actor, enrollment.studentId),
      getOffer(actor, enrollment.offerId),
      findClassOption(enrollment.classId),
    ]);
    const classLabel = enrolledClass?.label ?? "-";
    const waitlisted = enrollment.status === WAITLISTED;
    // On the waiting list no payment is asked for yet: the message says so, without the link.
    const message = paymentMessage({
      guardianName: trial.guardianName,
      studentName: student.fullName,
      classLabel,
      checkoutLink: offer.checkoutLink,
      waitlisted,
    });
    const phone = onlyDigits(trial.whatsappNumber);
    return {
      trial,
      month,
      closeTo,
      classLabel,
      result: {
        studentName: student.fullName,
        status: enrollment.status,
        waitlistPosition: enrollment.waitlistPosition,
        startDate: enrollment.startDate,
        offer: `${offer.name} - ${formatBRL(offer.monthlyValue)}`,
        checkoutLink: waitlisted ? null : offer.checkoutLink,
        whatsapp: phone ? whatsappLink(phone, message) : null,
      },
      form: null,
    };
  }

  const classId = await chosenClassId(trial.classId, url.searchParams.get("classId"));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [classOption, options, byPhone, byName, found] = await Promise.all([
    findClassOption(classId),
    orRespond(enrollOptions(actor, classId)),
    findGuardianMatchesByPhone(onlyDigits(trial.whatsappNumber)),
    findGuardianMatchesByName(trial.guardianName),
    q ? searchGuardianOptions(q, { limit: SEARCH_RESULTS }) : null,
  ]);
  const samePhone = new Set(byPhone.map((g) => g.id));
  const results = found ? found.map((g) => choiceOf(g, samePhone)) : null;
  return {
    trial,
    month,
    closeTo,
    classLabel: classOption?.label ?? "-",
    result: null,
    // The combobox's search (`PickerMatches`): this loader with `?q=`.
    matches: results ?? [],
    form: {
      cancelledBefore: previous?.status === CANCELLED,
      classId,
      otherClass: classId !== trial.classId,
      options,
      whatsappMatches: byPhone.map((g) => choiceOf(g, samePhone)),
      // Same name, another phone: shown, never chosen for the user.
      nameMatches: byName.filter((g) => !samePhone.has(g.id)).map((g) => choiceOf(g, samePhone)),
      q,
      found: results,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { params, request } = args;
  const month = new URL(request.url).searchParams.get("month");
  // A refused form keeps the chosen guardian's name, and says when the class is full
  // (also when it filled up while the form was open).
  const answer = async ({ actor, loaded, formData }: DialogContext<TrialDTO>, search: boolean) => {
    const classId = await chosenClassId(loaded.classId, formData.get("classId"));
    const [options, chosen] = await Promise.all([enrollOptions(actor, classId), findGuardianChoice(formData.get("guardianId"))]);
    if (!search) return { full: options.full, chosen };
    // The search without JavaScript: its results, and everything typed, back in the form.
    const q = String(formData.get("q") ?? "")
      .trim()
      .slice(0, 100);
    const [found, byPhone] = await Promise.all([
      q ? searchGuardianOptions(q, { limit: SEARCH_RESULTS }) : [],
      findGuardianMatchesByPhone(onlyDigits(loaded.whatsappNumber)),
    ]);
    const samePhone = new Set(byPhone.map((g) => g.id));
    return { full: options.full, chosen, search: { q, found: found.map((g) => choiceOf(g, samePhone)) }, values: typedValues(formData) };
  };
  return dialogAction(args, {
    permission: isStaff,
    load: (actor) => getTrial(actor, params.id),
    intents: { [SEARCH_INTENT]: (context) => answer(context, true) },
    schema: trialEnrollFormSchema,
    save: async (value, { actor }) => {
      const promoted: PromotionDTO[] = [];
      try {
        return { ...(await enrollFromTrial(actor, params.id, value, promoted)), promoted };
      } catch (error) {
        if (!(error instanceof DomainError) || !error.errors) throw error;
        const errors = Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [toFormField(key), messages]));
        throw new DomainError(error.status, error.message, errors);
      }
    },
    extra: (context) => answer(context, false),
    errorTitle: "Erro ao matricular",
    redirectTo: enrollUrl(params.id, isMonth(month) ? month : null),
    success: (saved) =>
      withPromotions(saved.enrollment.status === WAITLISTED ? "Aluno incluído na lista de espera" : "Matrícula realizada", saved.promoted),
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
        {waitlisted ? (
          <p className="text-sm text-slate-700">
            Sem link de pagamento por enquanto: quando abrir uma vaga, o aluno sai da lista de espera e a família é avisada com o link.
          </p>
        ) : null}
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
          {result.checkoutLink ? (
            <>
              <dt className="font-medium text-slate-700">Link de pagamento</dt>
              <dd className="break-all">
                <a href={result.checkoutLink} target="_blank" rel="noopener noreferrer" className="text-violet-800 underline">
                  {result.checkoutLink}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      <DialogFooter>
        <LinkButton to={data.closeTo} variant="outline" preventScrollReset>
          Fechar
        </LinkButton>
        {result.whatsapp ? (
          <a href={result.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass()}>
            {waitlisted ? "Avisar no WhatsApp" : "Enviar link de pagamento"}
          </a>
        ) : null}
      </DialogFooter>
    </RouteDialog>
  );
}

function EnrollForm({ data, form: screen }: { data: LoaderData; form: NonNullable<LoaderData["form"]> }) {
  const { trial, classLabel, closeTo, month } = data;
  const { options, whatsappMatches: matches, nameMatches } = screen;
  const location = useLocation();
  const hydrated = useHydrated();
  // A discount at enrolment is the Administrator's (the service refuses Team's with 403).
  const mayDiscount = useShell().permissions.isAdmin;
  const answer = useActionData() as
    { full?: boolean; chosen?: PickerOption | null; search?: { q: string; found: PickerOption[] }; values?: TypedValues } | undefined;
  // Without JavaScript, 'Buscar' posts the form: its answer brings the results and everything typed back.
  const q = answer?.search?.q ?? screen.q;
  const found = answer?.search ? answer.search.found : screen.found;
  const [form, fields] = useDialogForm({
    id: `trial-enroll-${trial.id}-${screen.classId}`,
    schema: trialEnrollFormSchema,
    defaultValue: answer?.values ?? {
      studentName: trial.studentName,
      birthDate: "",
      family: matches.length > 0 || q ? FAMILY_EXISTING : FAMILY_NEW,
      // Only a family with the trial's WhatsApp number is chosen for the user.
      guardianId: matches[0]?.id ?? "",
      guardian: {
        address: "",
        person: { fullName: trial.guardianName, cpf: "", email: "", birthDate: "", phone: formatPhone(trial.whatsappNumber) },
      },
      offerId: options.offers.length === 1 ? options.offers[0].id : "",
      startDate: options.nextSessionDate,
      discountPercent: "0",
    },
  });
  const family = String(fields.family.initialValue ?? FAMILY_NEW);
  const guardian = fields.guardian.getFieldset();
  const person = guardian.person.getFieldset();
  const full = options.full || Boolean(answer?.full) || Boolean(form.errors?.includes(CLASS_FULL));
  const switchHref = (classId: string) => `${location.pathname}?${new URLSearchParams(month ? { classId, month } : { classId })}`;

  // The guardians to choose from without typing: the WhatsApp matches, the same names (another phone),
  // the search's, the one chosen before. Memoised on the loader's and the action's answers: the combobox
  // takes a new `selected` as a new choice. The one chosen before is taken as the loader shows it, when it does.
  const chosen = answer?.chosen;
  const known = useMemo(() => {
    const listed = [...matches, ...nameMatches, ...(found ?? [])];
    const before = chosen ? [listed.find((g) => g.id === chosen.id) ?? chosen] : [];
    return uniqueChoices([...before, ...listed]);
  }, [chosen, matches, nameMatches, found]);
  const chosenId = String(fields.guardianId.initialValue ?? "");
  const selected = useMemo(() => known.find((g) => g.id === chosenId) ?? null, [known, chosenId]);
  const radios = (
    <GuardianRadios
      id={fields.guardianId.id}
      name={fields.guardianId.name}
      errorId={fields.guardianId.errorId}
      errors={fields.guardianId.errors}
      chosenId={chosenId}
      choices={known}
      q={q}
      searched={found !== null}
      nothingFound={found !== null && found.length === 0}
    />
  );

  return (
    <FormDialog
      form={form}
      title="Matricular Aluno"
      description={`Experimental de ${trial.studentName} (${trial.guardianName})`}
      closeTo={closeTo}
      size="xl"
      action={location.pathname + location.search}
      noValidate
      submit={full ? "waitlist" : "enroll"}
      fieldsetClassName="space-y-6"
      before={
        screen.cancelledBefore ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            A matrícula feita a partir deste experimental foi cancelada. Ele pode ser matriculado de novo.
          </p>
        ) : null
      }
    >
      {screen.otherClass ? <input type="hidden" name={fields.classId.name} value={screen.classId} /> : null}
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
        <div className="space-y-2 sm:col-span-2">
          <Field
            label="Turma"
            htmlFor="enroll-class"
            hint={screen.otherClass ? "Outra turma do curso do experimental (a dele está lotada)" : undefined}
          >
            <input id="enroll-class" type="text" readOnly value={classLabel} className={`${inputClass} bg-slate-50`} />
          </Field>
          {full ? (
            <FullClassNotice
              active={options.active}
              capacity={options.capacity}
              alternatives={options.alternatives}
              switchHref={switchHref}
              note="A família recebe o aviso da lista de espera, sem link de pagamento."
            />
          ) : (
            <p className="text-sm text-slate-700">{`Vagas: ${options.active} de ${options.capacity} ocupadas`}</p>
          )}
        </div>
      </section>

      <fieldset className="choice-sections space-y-3">
        <legend className="text-base font-semibold">Responsável</legend>
        <FieldErrors id={fields.family.errorId} errors={fields.family.errors} />
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {[
            { value: FAMILY_EXISTING, label: "Responsável existente" },
            { value: FAMILY_NEW, label: "Novo responsável" },
          ].map((choice) => (
            <label key={choice.value} className="flex min-h-11 items-center gap-2 text-sm font-medium">
              <input
                type="radio"
                name={fields.family.name}
                value={choice.value}
                data-choice={choice.value}
                defaultChecked={family === choice.value}
                className="h-4 w-4 border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
              />
              {choice.label}
            </label>
          ))}
        </div>
        {matches.length === 0 && nameMatches.length > 0 ? (
          <p className="text-sm text-amber-950">
            {`Há ${nameMatches.length === 1 ? "um responsável" : "responsáveis"} com o nome de ${trial.guardianName} e ${OTHER_WHATSAPP}: confira em "Responsável existente" antes de cadastrar um novo.`}
          </p>
        ) : null}

        {/* Only the chosen section shows, with or without JavaScript (.choice-sections in app.css). */}
        <div data-section={FAMILY_EXISTING} className="space-y-3 rounded-md border border-slate-200 p-4">
          {hydrated ? (
            <Suspense fallback={radios}>
              <PickerCombobox
                id={fields.guardianId.id}
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

        <div data-section={FAMILY_NEW} className="space-y-3 rounded-md border border-slate-200 p-4">
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
            <Options items={options.offers} />
          </select>
        </Field>
        <Field label="Data de início" field={fields.startDate} required hint="Sugerida: a próxima aula da turma">
          <input {...getInputProps(fields.startDate, { type: "date" })} className={inputClass} />
        </Field>
        {mayDiscount ? (
          <Field label="Desconto (%)" field={fields.discountPercent} hint="Sobre o valor mensal da oferta: irmãos, plano anual… (0 a 100)">
            <input {...getInputProps(fields.discountPercent, { type: "text" })} inputMode="decimal" className={inputClass} />
          </Field>
        ) : null}
        {full ? <input type="hidden" name={fields.waitlist.name} value="on" /> : null}
      </section>
    </FormDialog>
  );
}

function uniqueChoices(list: PickerOption[]): PickerOption[] {
  const seen = new Set<string>();
  return list.filter((g) => (seen.has(g.id) ? false : (seen.add(g.id), true)));
}

/**
 * Without JavaScript: the search box with 'Buscar' (a button of the form, intent
 * `search`: its answer keeps what was typed) and the guardians as radio choices.
 */
function GuardianRadios({
  id,
  name,
  errorId,
  errors,
  chosenId,
  choices,
  q,
  searched,
  nothingFound,
}: {
  /** The search box's id: the error summary's link for 'Responsável' leads to it. */
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  chosenId: string;
  choices: PickerOption[];
  q: string;
  searched: boolean;
  nothingFound: boolean;
}) {
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label="Buscar responsável (nome, e-mail ou CPF)" htmlFor={id} className="flex-1">
          <input id={id} name="q" type="search" defaultValue={q} maxLength={100} className={inputClass} autoComplete="off" />
        </Field>
        <button type="submit" name="intent" value={SEARCH_INTENT} formNoValidate className={buttonClass("outline")}>
          Buscar
        </button>
      </div>
      {searched && nothingFound ? <p className="text-sm text-slate-700">Nenhum responsável encontrado</p> : null}
      {choices.length > 0 ? (
        <fieldset aria-describedby={errors?.length ? errorId : undefined}>
          <legend className="mb-1 text-sm font-medium">
            Escolha o responsável
            <RequiredMark />
          </legend>
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
                    {g.badge ? <span className={`ml-1 ${g.badgeWarns ? "text-amber-900" : "text-green-800"}`}>{g.badge}</span> : null}
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
