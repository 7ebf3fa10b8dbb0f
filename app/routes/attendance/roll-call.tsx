import { useRef, useState } from "react";
import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/roll-call";
import { Button, buttonClass, ExportCsvLink } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { ServerCached } from "~/components/server-cached";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { isStaff } from "~/domain/access/roles";
import {
  ABSENCE_STATUSES,
  ATTENDANCE_STATUSES,
  FUTURE_DATE,
  MAX_SESSION_RANGE_DAYS,
  NO_SESSION_ON_DATE,
  PRESENT,
} from "~/domain/attendance/words";
import { classSessions, getRollCall } from "~/domain/attendance/queries.server";
import { addDays, today } from "~/domain/calendar/dates";
import { saveRollCall } from "~/domain/attendance/service.server";
import { formAction, orRespond } from "~/server/forms.server";
import { cn } from "~/lib/cn";
import { actorOf, requireUser } from "~/server/session.server";
import { readRecords, rollCallUrl, sessionDayLabel } from "~/features/attendance/roll-call-screen";
import { StepLink } from "./+shared/step-link";

/** Administrators and Team users (the class's teacher is one) take roll calls; Clients read them. */
const canTakeRollCall = isStaff;

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
    // The day's other sessions ('Aulas de Hoje' when it is today's).
    dayHref: roll.date === today() ? "/today" : `/today?${new URLSearchParams({ date: roll.date })}`,
    records: roll.records.map((r) => ({
      enrollmentId: r.enrollmentId ?? null,
      makeupId: r.makeupId ?? null,
      studentName: r.studentName,
      status: r.status,
      note: r.note,
      // The family warned of the absence ('Avisar falta'): shown until the teacher decides.
      notice: r.notice,
    })),
  };
}

const postedLine = z.object({ enrollmentId: z.string(), makeupId: z.string(), status: z.string(), note: z.string() }).partial();

/** The whole roll call in one plain form post (works without JavaScript); Post/Redirect/Get with 'Chamada salva'. */
export async function action(args: Route.ActionArgs) {
  return formAction(args, {
    permission: canTakeRollCall,
    read: (formData) => ({ records: readRecords(formData) }),
    schema: z.object({ records: z.array(postedLine) }),
    save: (value, { actor, url }) =>
      saveRollCall(actor, args.params.id, {
        date: url.searchParams.get("date") ?? "",
        scheduleId: url.searchParams.get("scheduleId") ?? "",
        records: value.records,
      }),
    errorTitle: "Erro ao salvar chamada",
    redirectTo: (_value, _saved, { url }) => url.pathname + url.search,
    success: "Chamada salva",
  });
}

type Entry = Route.ComponentProps["loaderData"]["records"][number];

const entryKey = (r: { enrollmentId?: string | null; makeupId?: string | null }) =>
  r.enrollmentId ? `e:${r.enrollmentId}` : `m:${r.makeupId}`;

export default function RollCall({ loaderData, actionData }: Route.ComponentProps) {
  const { classId, classLabel, date, startTime, endTime, taken, future, previous, next, canSave, dayHref, records } = loaderData;
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
        <RollCallForm key={`${date}|${loaderData.scheduleId}`} records={records} actionData={actionData} />
      ) : (
        <ReadOnlyRollCall records={records} />
      )}
      {/* After the roster: from the page's top the keyboard reaches the first pupil in a few steps (the CSV link too). */}
      <nav aria-label="Aulas da turma" className="mt-6 flex flex-wrap items-center gap-2">
        <StepLink to={previous} label="Aula anterior" />
        <StepLink to={next} label="Próxima aula" />
        <Link to={dayHref} className={buttonClass("ghost", "default", "min-h-11")}>
          {dayHref === "/today" ? "Aulas de Hoje" : "Aulas do dia"}
        </Link>
        {/* The month's roll calls of this class, as a spreadsheet. */}
        <ExportCsvLink href={`/api/classes/${classId}/attendance?format=csv&month=${date.slice(0, 7)}`} />
      </nav>
    </div>
  );
}

type Line = { status: string; note: string };

const sameLines = (a: readonly Line[], b: readonly Line[]) =>
  a.length === b.length && a.every((line, i) => line.status === b[i].status && line.note.trim() === b[i].note.trim());

/** What the form holds now, line by line. */
function readLines(form: HTMLFormElement, count: number): Line[] {
  const data = new FormData(form);
  return Array.from({ length: count }, (_, i) => ({
    status: String(data.get(`records[${i}].status`) ?? ""),
    note: String(data.get(`records[${i}].note`) ?? ""),
  }));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The roll call as one plain form post (works without JavaScript; Post/Redirect/Get
 * with 'Chamada salva'). The bar at the bottom counts the presences and absences:
 * in the server's HTML as the page shows them (the stored roll call, or a refused
 * post's choices); with JavaScript it follows them as they are marked and says
 * when there are changes not saved yet.
 */
function RollCallForm({ records, actionData }: { records: Entry[]; actionData: Route.ComponentProps["actionData"] }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === pathname;
  // A refused save keeps what was chosen (also without JavaScript, where the page is rendered again).
  const posted = new Map(readRecords(Object.entries(actionData?.values ?? {})).map((p) => [entryKey(p), p]));
  const saved: Line[] = records.map((r) => ({ status: r.status ?? PRESENT, note: r.note ?? "" }));
  const shown: Line[] = records.map((r, i) => {
    const p = posted.get(entryKey(r));
    return { status: p?.status ?? saved[i].status, note: p?.note ?? saved[i].note };
  });
  // What the user has marked since the page was shown (null: nothing yet).
  const [marked, setMarked] = useState<Line[] | null>(null);
  const now = marked ?? shown;
  const present = now.filter((l) => l.status === PRESENT).length;
  const absent = now.filter((l) => ABSENCE_STATUSES.includes(l.status)).length;
  const unsaved = !sameLines(now, saved);
  return (
    <Form
      method="post"
      action={pathname + search}
      aria-label="Chamada"
      onChange={(e) => setMarked(readLines(e.currentTarget, records.length))}
    >
      {/* The form's first submit button, disabled: Enter in a field (an 'Observação', a choice) does not send the roll call. */}
      <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />
      <FormErrors errors={actionData?.message ? [actionData.message] : undefined} />
      {/* A line per pupil, the same for every visit until a record changes: its HTML is
          rendered once per distinct roster on the server (ServerCached). */}
      <ServerCached as="ul" name="roll-call-lines" deps={{ records, shown }} className="rc-list">
        {() => records.map((r, i) => <RollCallLine key={entryKey(r)} entry={r} index={i} shown={shown[i]} />)}
      </ServerCached>
      <div className="sticky-actions sticky bottom-0 mt-3 flex items-center gap-3 border-t border-slate-200 bg-slate-50/95 py-3">
        <p role="status" className="min-w-0 flex-1 text-sm text-slate-800">
          <span className="block font-semibold">{`${plural(present, "presente", "presentes")} · ${plural(absent, "falta", "faltas")}`}</span>
          {unsaved ? <span className="block font-medium text-amber-900">Alterações não salvas</span> : null}
        </p>
        <Button type="submit" disabled={saving} className="h-12 shrink-0 px-6 text-base sm:px-8">
          {saving ? "Salvando..." : "Salvar chamada"}
        </Button>
      </div>
    </Form>
  );
}

const STATUS_CLASS: Record<string, string> = { Presente: "rc-opt rc-p", Falta: "rc-opt rc-a", "Falta justificada": "rc-opt rc-j" };

/**
 * One pupil: a native radio group (arrow keys move within it) and the note, which
 * opens on demand ('Adicionar observação', a disclosure that works without
 * JavaScript; opened, the focus goes into the field). The short classes of
 * app.css keep the line small: it repeats for every pupil.
 */
function RollCallLine({ entry, index, shown }: { entry: Entry; index: number; shown: Line }) {
  const field = `records[${index}]`;
  const noteRef = useRef<HTMLInputElement>(null);
  const hasNote = shown.note !== "";
  return (
    <li className="rc-line">
      <fieldset>
        <legend className="rc-name">
          <span>{entry.studentName}</span>
          {entry.makeupId ? <span className="rc-mk">Reposição</span> : null}
          {entry.notice ? <span className="rc-mk">Falta avisada pela família</span> : null}
        </legend>
        {entry.enrollmentId ? (
          <input type="hidden" name={`${field}.enrollmentId`} value={entry.enrollmentId} />
        ) : (
          <input type="hidden" name={`${field}.makeupId`} value={entry.makeupId ?? ""} />
        )}
        <div className="rc-opts">
          {ATTENDANCE_STATUSES.map((s) => (
            <label key={s} className={STATUS_CLASS[s]}>
              <input type="radio" name={`${field}.status`} value={s} defaultChecked={shown.status === s} />
              <span>{s}</span>
            </label>
          ))}
        </div>
        <details
          className="rc-note"
          open={hasNote || undefined}
          onToggle={(e) => {
            const details = e.currentTarget;
            // Opened by the person (the focus is on its summary), not by the page: into the field.
            if (details.open && document.activeElement === details.querySelector("summary")) noteRef.current?.focus();
          }}
        >
          <summary>
            {hasNote ? "Observação" : "Adicionar observação"}
            <span className="sr-only">{` de ${entry.studentName}`}</span>
          </summary>
          <label>
            Observação<span className="sr-only">{` de ${entry.studentName}`}</span>
            <input ref={noteRef} name={`${field}.note`} defaultValue={shown.note} maxLength={500} autoComplete="off" />
          </label>
        </details>
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
