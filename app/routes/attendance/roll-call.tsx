import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/roll-call";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { canManageTrials } from "~/domain/actor";
import { ATTENDANCE_STATUSES, FUTURE_DATE, MAX_SESSION_RANGE_DAYS, NO_SESSION_ON_DATE, PRESENT } from "~/domain/attendance/schema";
import { classSessions, getRollCall } from "~/domain/attendance/queries.server";
import { addDays, today } from "~/domain/calendar/dates";
import { saveRollCall } from "~/domain/attendance/service.server";
import { DomainError } from "~/domain/errors";
import { orRespond, requireActor } from "~/server/forms.server";
import { cn } from "~/lib/cn";
import { actorOf, requireUser } from "~/server/session.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { readRecords, rollCallUrl, sessionDayLabel, type PostedRecord } from "./+shared/roll-call-screen";

/** Administrators and Team users (the class's teacher is one) take roll calls; Clients read them. */
const canTakeRollCall = canManageTrials;

/**
 * 'Chamada' (/classes/:id/attendance?date=&scheduleId=): one session's roster.
 * Without a session in the URL (the classes list's link), the class's latest
 * session up to today, or its next one.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const actor = actorOf(user);
  const search = new URL(request.url).searchParams;
  const date = search.get("date");
  const scheduleId = search.get("scheduleId");
  if (!date || !scheduleId) {
    // The latest session up to today, or else the class's first one to come.
    const now = today();
    const past = await orRespond(classSessions(actor, params.id, { from: addDays(now, -(MAX_SESSION_RANGE_DAYS - 1)), to: now }));
    const session = past.at(-1) ?? (await orRespond(classSessions(actor, params.id, { from: addDays(now, 1), to: addDays(now, 14) })))[0];
    if (!session) throw new Response(NO_SESSION_ON_DATE, { status: 400 });
    throw redirect(rollCallUrl(params.id, session));
  }
  const roll = await orRespond(getRollCall(actor, params.id, { date, scheduleId }));
  return {
    classId: params.id,
    classLabel: roll.classLabel,
    date: roll.date,
    scheduleId: roll.scheduleId,
    startTime: roll.startTime,
    endTime: roll.endTime,
    taken: roll.taken,
    future: roll.future,
    previous: roll.previous ? rollCallUrl(params.id, roll.previous) : null,
    next: roll.next ? rollCallUrl(params.id, roll.next) : null,
    canSave: canTakeRollCall(user) && !roll.future,
    records: roll.records.map((r) => ({
      enrollmentId: r.enrollmentId ?? null,
      makeupId: r.makeupId ?? null,
      studentName: r.studentName,
      status: r.status,
      note: r.note,
    })),
  };
}

/** The whole roll call in one plain form post (works without JavaScript); Post/Redirect/Get with 'Chamada salva'. */
export async function action(args: Route.ActionArgs) {
  const actor = await requireActor(args, canTakeRollCall);
  const url = new URL(args.request.url);
  let records: PostedRecord[] = [];
  try {
    records = readRecords(await args.request.formData());
    await saveRollCall(actor, args.params.id, {
      date: url.searchParams.get("date") ?? "",
      scheduleId: url.searchParams.get("scheduleId") ?? "",
      records,
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return dataWithToast(
      { error: error.message, posted: records },
      { title: "Erro ao salvar chamada", description: error.message, variant: "destructive" },
      { status: error.status },
    );
  }
  return redirectWithToast(url.pathname + url.search, { title: "Sucesso", description: "Chamada salva" });
}

type Entry = Route.ComponentProps["loaderData"]["records"][number];

const entryKey = (r: { enrollmentId?: string | null; makeupId?: string | null }) =>
  r.enrollmentId ? `e:${r.enrollmentId}` : `m:${r.makeupId}`;

export default function RollCall({ loaderData, actionData }: Route.ComponentProps) {
  const { classLabel, date, startTime, endTime, taken, future, previous, next, canSave, records } = loaderData;
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === pathname;
  // A refused save keeps what was chosen (also without JavaScript, where the page is rendered again).
  const posted = new Map((actionData?.posted ?? []).map((p) => [entryKey(p), p]));
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Chamada"
        description={
          <>
            <span className="block font-semibold text-slate-900">{classLabel}</span>
            <span className="block">{`${sessionDayLabel(date)}, ${startTime}–${endTime}`}</span>
          </>
        }
      />
      <nav aria-label="Aulas da turma" className="mb-4 flex flex-wrap items-center gap-2">
        <SessionLink to={previous} label="Aula anterior" />
        <SessionLink to={next} label="Próxima aula" />
        <Link to="/today" className={buttonClass("ghost", "default", "min-h-11")}>
          Aulas de Hoje
        </Link>
      </nav>
      <p className="mb-4 text-sm">
        <span className={cn("badge", taken ? "badge-on" : "rc-pending")}>{taken ? "Chamada feita" : "Chamada pendente"}</span>
      </p>
      {future ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {FUTURE_DATE}
        </p>
      ) : null}
      {records.length === 0 ? (
        <EmptyState message="Nenhum aluno nesta aula" />
      ) : canSave ? (
        <Form method="post" action={pathname + search} key={`${date}|${loaderData.scheduleId}`} aria-label="Chamada">
          <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
          <ul className="space-y-3">
            {records.map((r, i) => (
              <RollCallLine key={entryKey(r)} entry={r} index={i} posted={posted.get(entryKey(r))} />
            ))}
          </ul>
          <div className="sticky bottom-0 mt-4 border-t border-slate-200 bg-slate-50/95 py-3">
            <Button type="submit" disabled={saving} className="h-12 w-full text-base sm:w-auto sm:px-8">
              {saving ? "Salvando..." : "Salvar chamada"}
            </Button>
          </div>
        </Form>
      ) : (
        <ReadOnlyRollCall records={records} />
      )}
    </div>
  );
}

function SessionLink({ to, label }: { to: string | null; label: string }) {
  const className = buttonClass("outline", "default", "min-h-11");
  if (!to) {
    return (
      <span aria-disabled="true" className={className}>
        {label}
      </span>
    );
  }
  return (
    <Link to={to} className={className}>
      {label}
    </Link>
  );
}

const STATUS_CLASS: Record<string, string> = { Presente: "rc-opt rc-p", Falta: "rc-opt rc-a", "Falta justificada": "rc-opt rc-j" };

/**
 * One pupil: a native radio group (arrow keys move within it) and the note,
 * with the short classes of app.css (the line repeats for every pupil).
 */
function RollCallLine({ entry, index, posted }: { entry: Entry; index: number; posted?: PostedRecord }) {
  const field = `records[${index}]`;
  const status = posted?.status ?? entry.status ?? PRESENT;
  return (
    <li className="rc-line">
      <fieldset>
        <legend className="rc-name">
          <span>{entry.studentName}</span>
          {entry.makeupId ? <span className="rc-mk">Reposição</span> : null}
        </legend>
        {entry.enrollmentId ? (
          <input type="hidden" name={`${field}.enrollmentId`} value={entry.enrollmentId} />
        ) : (
          <input type="hidden" name={`${field}.makeupId`} value={entry.makeupId ?? ""} />
        )}
        <div className="rc-opts">
          {ATTENDANCE_STATUSES.map((s) => (
            <label key={s} className={STATUS_CLASS[s]}>
              <input type="radio" name={`${field}.status`} value={s} defaultChecked={status === s} />
              <span>{s}</span>
            </label>
          ))}
        </div>
        <label className="rc-note">
          Observação<span className="sr-only">{` de ${entry.studentName}`}</span>
          <input name={`${field}.note`} defaultValue={posted?.note ?? entry.note ?? ""} maxLength={500} autoComplete="off" />
        </label>
      </fieldset>
    </li>
  );
}

/** What Clients see (and everyone for a future session): the roster with the statuses, nothing to submit. */
function ReadOnlyRollCall({ records }: { records: Entry[] }) {
  return (
    <ul aria-label="Alunos da aula" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {records.map((r) => (
        <li key={entryKey(r)} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            {r.studentName}
            {r.makeupId ? <span className="rc-mk">Reposição</span> : null}
          </span>
          <span className="text-sm text-slate-700">
            {r.status ?? "Não registrada"}
            {r.note ? ` · ${r.note}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data ? `Chamada · ${data.classLabel}` : "Chamada" }];
}
