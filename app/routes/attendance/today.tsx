import { data, Form, Link } from "react-router";
import type { Route } from "./+types/today";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { todaySessions } from "~/domain/attendance/queries.server";
import { addDays, formatDay, today } from "~/domain/calendar/dates";
import { weekdayOf } from "~/domain/calendar/sessions";
import { DATE_INVALID } from "~/domain/fields";
import { isCalendarDate, MAX_DATE, MIN_DATE } from "~/domain/patterns";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { useShell } from "~/hooks/use-shell";
import { useLinkNavigation } from "~/hooks/use-link-navigation";
import { cn } from "~/lib/cn";
import { actorOf, requireUser } from "~/server/session.server";
import { orRespond } from "~/server/forms.server";
import { StepLink } from "./+shared/step-link";
import { rollCallUrl, sessionDayLabel } from "~/features/attendance/roll-call-screen";

/** The day before or after `date` on which classes meet (Sundays have none); null out of the calendar's range. */
function classDay(date: string, step: 1 | -1): string | null {
  let day = addDays(date, step);
  if (weekdayOf(day) === null) day = addDays(day, step);
  return isCalendarDate(day) ? day : null;
}

const dayUrl = (date: string, now: string) => (date === now ? "/today" : `/today?${new URLSearchParams({ date })}`);

/**
 * 'Aulas de Hoje': the sessions of a day (today unless `?date=`) of the selected
 * branch, by start time; one tap opens that session's roll call. The previous
 * and next class days and a date are plain links and a GET form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const branchId = await getSelectedBranchId(context);
  const now = today();
  const asked = new URL(request.url).searchParams.get("date");
  if (asked && !isCalendarDate(asked)) throw data(DATE_INVALID, { status: 400 });
  const date = asked || now;
  const sessions = branchId ? await orRespond(todaySessions(actorOf(user), { branchId, date })) : [];
  const previous = classDay(date, -1);
  const next = classDay(date, 1);
  return {
    date,
    isToday: date === now,
    todayHref: dayUrl(now, now),
    previousHref: previous ? dayUrl(previous, now) : null,
    nextHref: next ? dayUrl(next, now) : null,
    branchId,
    sessions: sessions.map((s) => ({
      href: rollCallUrl(s.classId, s),
      classLabel: s.classLabel,
      teacherName: s.teacherName,
      classroomName: s.classroomName,
      startTime: s.startTime,
      endTime: s.endTime,
      students: s.students,
      attendanceTaken: s.attendanceTaken,
    })),
  };
}

export default function Today({ loaderData }: Route.ComponentProps) {
  const { date, isToday, todayHref, previousHref, nextHref, branchId, sessions } = loaderData;
  const { branches } = useShell();
  const onLinkClick = useLinkNavigation({ preventScrollReset: false });
  const branchName = branchId ? branches.find((b) => b.id === branchId)?.name : undefined;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={isToday ? "Aulas de Hoje" : "Aulas do dia"}
        description={
          <>
            <span className="block">{sessionDayLabel(date)}</span>
            {branchName ? (
              <span className="block text-sm" data-testid="today-branch">
                Unidade: <strong className="font-semibold text-slate-900">{branchName}</strong>
              </span>
            ) : null}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-3">
        <nav aria-label="Outros dias" className="flex flex-wrap items-center gap-2">
          <StepLink to={previousHref} label="Dia anterior" />
          {isToday ? null : (
            <Link to={todayHref} className={buttonClass("outline", "default", "min-h-11")}>
              Hoje
            </Link>
          )}
          <StepLink to={nextHref} label="Próximo dia" />
        </nav>
        <Form method="get" action="/today" className="flex items-end gap-2">
          <div>
            <label htmlFor="day-jump" className="block text-sm font-medium text-slate-800">
              Ir para a data
            </label>
            <input
              key={date}
              id="day-jump"
              type="date"
              name="date"
              required
              min={MIN_DATE}
              max={MAX_DATE}
              defaultValue={date}
              className={cn(inputClass, "mt-1 min-h-11 w-44")}
            />
          </div>
          <Button type="submit" variant="outline" className="min-h-11">
            Ir
          </Button>
        </Form>
      </div>
      {sessions.length === 0 ? (
        <EmptyState message={isToday ? "Nenhuma aula hoje nesta unidade" : "Nenhuma aula neste dia nesta unidade"} />
      ) : (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated: the clicks come from the links inside, which the keyboard activates as links
        <ul className="space-y-3" aria-label={isToday ? "Aulas de hoje" : "Aulas do dia"} onClick={onLinkClick}>
          {sessions.map((s) => (
            <li key={s.href}>
              <a href={s.href} className="today-card">
                <span className="today-time">
                  {s.startTime}
                  <span>{`–${s.endTime}`}</span>
                </span>
                <span className="today-main">
                  <b>{s.classLabel}</b>
                  <span>{`${s.teacherName} · ${s.classroomName}`}</span>
                </span>
                <span className="today-side">
                  {`${s.students} ${s.students === 1 ? "aluno" : "alunos"}`}
                  <span className={cn("badge", s.attendanceTaken ? "badge-on" : "rc-pending")}>
                    {s.attendanceTaken ? "Chamada feita" : "Chamada pendente"}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function meta({ data: day }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: !day || day.isToday ? "Aulas de Hoje" : `Aulas do dia ${formatDay(day.date)}` }];
}
