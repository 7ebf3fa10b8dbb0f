import { data, Link, Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/trials";
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from "~/components/icons";
import { ENROLL_TOAST, TrialBlock, type CalendarTrial } from "~/components/trial-block";
import { LinkButton } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page";
import { Spinner } from "~/components/ui/spinner";
import { canManageTrials } from "~/domain/actor";
import { DomainError } from "~/domain/errors";
import {
  calendarWeeks,
  dayHeading,
  formatCalendarDate,
  monthOrCurrent,
  monthTitle,
  shiftMonth,
  today,
  trialsUrl,
  WEEKDAY_HEADERS,
} from "~/domain/trials/calendar";
import { formatDays } from "~/domain/trials/kpis";
import { getTrialMonth, updateTrial } from "~/domain/trials/service.server";
import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/toast";
import { actorOf, requirePermission, requireUser } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const month = monthOrCurrent(new URL(request.url).searchParams.get("month"));
  const { trials, kpis } = await getTrialMonth(actorOf(user), month);
  return {
    month,
    title: monthTitle(month),
    previous: shiftMonth(month, -1),
    next: shiftMonth(month, 1),
    today: today(),
    weeks: calendarWeeks(month),
    // Only what the calendar shows: the first trials of each day and how many there are.
    days: firstOfEachDay(trials),
    kpis,
    canManage: canManageTrials(user),
  };
}


/**
 * The calendar's own forms: the quick status change and 'Matricular'. Without
 * JavaScript they post here and come back to the month with a flash toast;
 * with JavaScript the status form goes through a fetcher (marked `enhanced`)
 * and gets its toast as data, so the page stays where it is.
 */
const DAY_LIMIT = 3;

function firstOfEachDay(trials: ReadonlyArray<CalendarTrial>): Record<string, { trials: CalendarTrial[]; total: number }> {
  const days: Record<string, { trials: CalendarTrial[]; total: number }> = {};
  for (const { id, guardianName, studentName, whatsappNumber, scheduledDate, scheduledTime, status } of trials) {
    const day = (days[scheduledDate] ??= { trials: [], total: 0 });
    day.total++;
    if (day.trials.length < DAY_LIMIT) {
      day.trials.push({ id, guardianName, studentName, whatsappNumber, scheduledDate, scheduledTime, status });
    }
  }
  return days;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, canManageTrials);
  const form = await request.formData();
  const month = monthOrCurrent(String(form.get("month") ?? new URL(request.url).searchParams.get("month") ?? ""));
  const back = trialsUrl(month);
  const enhanced = form.get("enhanced") === "1";
  const intent = form.get("intent");

  if (intent === "enroll") return redirectWithToast(back, ENROLL_TOAST);
  if (intent !== "status") return data({ toast: undefined as Toast | undefined }, { status: 400 });

  let toast: Omit<Toast, "id">;
  let status = 200;
  try {
    await updateTrial(actorOf(user), String(form.get("id") ?? ""), { status: form.get("status") });
    toast = { title: "Sucesso", description: "Status atualizado" };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    toast = { title: "Erro ao atualizar status", description: error.message, variant: "destructive" };
    status = error.status;
  }
  if (!enhanced) return redirectWithToast(back, toast);
  return data({ toast: { id: crypto.randomUUID(), ...toast } as Toast | undefined }, { status });
}


export default function Trials({ loaderData }: Route.ComponentProps) {
  const { month, title, previous, next, weeks, kpis, canManage, days } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location : null;
  const loadingMonth = target?.pathname === "/trials" && target.search !== location.search;
  const loadingHistory = Boolean(target && /^\/trials\/[^/]+\/history$/.test(target.pathname));

  const byDate = new Map(Object.entries(days).sort(([a], [b]) => a.localeCompare(b)));

  return (
    <div>
      <PageHeader
        title="Experimentais"
        description="Gerencie as aulas experimentais de novos alunos"
        actions={
          canManage ? (
            <LinkButton to={`/trials/new?date=${loaderData.today}&month=${month}`} preventScrollReset>
              <PlusIcon /> Novo Experimental
            </LinkButton>
          ) : null
        }
      />

      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Kpi label="Total de Agendamentos" value={String(kpis.total)} />
        <Kpi label="% de NoShow" value={`${kpis.noShowPercent}%`} />
        <Kpi label="% de Compareceu" value={`${kpis.attendedPercent}%`} />
        <Kpi label="% de Matrículas" value={`${kpis.enrollPercent}%`} />
        <Kpi label="Ciclo de Vendas Médio" value={formatDays(kpis.averageSalesCycleDays)} />
      </dl>

      <section aria-labelledby="trials-month-title" className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <div className="mb-3 flex items-center justify-between gap-2">
          <LinkButton to={`/trials?month=${previous}`} variant="outline" size="icon" aria-label="Mês anterior" preventScrollReset>
            <ChevronLeftIcon />
          </LinkButton>
          <div className="flex items-center gap-2">
            <h2 id="trials-month-title" className="text-lg font-semibold">
              {title}
            </h2>
            {loadingMonth ? <Spinner label="Carregando..." className="h-6" /> : null}
          </div>
          <LinkButton to={`/trials?month=${next}`} variant="outline" size="icon" aria-label="Próximo mês" preventScrollReset>
            <ChevronRightIcon />
          </LinkButton>
        </div>

        {/* From lg on: the 7-column month, Sunday first. */}
        <table className="hidden w-full table-fixed border-collapse lg:table">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {WEEKDAY_HEADERS.map((d) => (
                <th key={d} scope="col" className="border-b border-slate-200 py-2 text-center text-xs font-semibold uppercase text-slate-700">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0].date}>
                {week.map((day) => {
                  const isToday = day.date === loaderData.today;
                  return (
                    <td
                      key={day.date}
                      aria-current={isToday ? "date" : undefined}
                      data-date={day.date}
                      className={cn(
                        "h-28 border border-slate-200 p-1 align-top",
                        !day.inMonth && "bg-slate-50",
                        isToday && "bg-violet-50 outline outline-2 -outline-offset-2 outline-violet-600",
                      )}
                    >
                      <div className="flex items-center justify-between gap-1">
                        <span className={cn("text-xs font-semibold", day.inMonth ? "text-slate-900" : "text-slate-600")}>
                          {day.day}
                        </span>
                        {canManage && day.inMonth ? <NewOnDay date={day.date} month={month} /> : null}
                      </div>
                      {day.inMonth && byDate.get(day.date) ? (
                        <DayTrials date={day.date} day={byDate.get(day.date)!} month={month} canManage={canManage} />
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>

        {/* Below lg (phones, tablets): the days of the month that have trials, one after the other. */}
        <div className="lg:hidden">
          {byDate.size === 0 ? (
            <p className="py-6 text-center text-sm text-slate-700">Nenhum experimental neste mês</p>
          ) : (
            <ol className="space-y-4">
              {[...byDate.entries()].map(([date, list]) => (
                <li key={date} aria-current={date === loaderData.today ? "date" : undefined}>
                  <div
                    className={cn(
                      "mb-2 flex items-center justify-between rounded-md px-2 py-1",
                      date === loaderData.today ? "bg-violet-100" : "bg-slate-100",
                    )}
                  >
                    <h3 className="text-sm font-semibold">{dayHeading(date)}</h3>
                    {canManage ? <NewOnDay date={date} month={month} /> : null}
                  </div>
                  <DayTrials date={date} day={list} month={month} canManage={canManage} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>

      {loadingHistory ? (
        <div role="status" className="fixed inset-x-0 top-16 z-40 mx-auto w-fit rounded-md bg-white px-4 py-2 text-sm shadow-lg">
          Carregando histórico...
        </div>
      ) : null}
      <Outlet />
    </div>
  );
}

/**
 * A day's trials: the first few as blocks, and a link to the day's dialog for the
 * rest, so a busy month stays light to render and to read.
 */
function DayTrials({
  date,
  day,
  month,
  canManage,
}: {
  date: string;
  day: { trials: CalendarTrial[]; total: number };
  month: string;
  canManage: boolean;
}) {
  const hidden = day.total - day.trials.length;
  return (
    <>
      <ul className="mt-1 space-y-1">
        {day.trials.map((t) => (
          <li key={t.id}>
            <TrialBlock trial={t} month={month} canManage={canManage} />
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <Link
          to={`/trials/day/${date}?month=${month}`}
          preventScrollReset
          className="mt-1 block rounded px-1 text-xs font-semibold text-violet-800 underline hover:text-violet-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          +{hidden} mais<span className="sr-only"> em {formatCalendarDate(date)}</span>
        </Link>
      ) : null}
    </>
  );
}

function Kpi({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}

function NewOnDay({ date, month }: { date: string; month: string }) {
  return (
    <Link
      to={`/trials/new?date=${date}&month=${month}`}
      preventScrollReset
      className="rounded p-0.5 text-slate-700 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      <PlusIcon width={14} height={14} />
      <span className="sr-only">Novo experimental em {formatCalendarDate(date)}</span>
    </Link>
  );
}

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Experimentais" }];
}
