import { data, Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/trials";
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon, SpriteIcon } from "~/components/icons";
import { ServerCached } from "~/components/server-cached";
import { TrialBlock } from "~/components/trial-block";
import { LinkButton } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page";
import { Spinner } from "~/components/ui/spinner";
import { canManageTrials } from "~/domain/actor";
import { DomainError } from "~/domain/errors";
import {
  calendarWeeks,
  type CalendarDay,
  dayHeading,
  formatDay,
  monthOrCurrent,
  monthTitle,
  shiftMonth,
  today,
  WEEKDAY_HEADERS,
} from "~/domain/calendar/dates";
import type { CalendarDayTrials } from "~/domain/trials/calendar";
import { packDays, trialsUrl, unpackDays } from "./+shared/calendar-screen";
import { formatDays } from "~/domain/trials/kpis";
import { updateTrial } from "~/domain/trials/service.server";
import { getTrialCalendar } from "~/domain/trials/queries.server";
import { useLinkNavigation } from "~/hooks/use-link-navigation";
import type { Toast } from "~/lib/toast";
import { actorOf, requirePermission, requireUser } from "~/server/session.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";

/** The first trials of each day on the calendar; the rest are in the day's dialog. */
const DAY_LIMIT = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const month = monthOrCurrent(new URL(request.url).searchParams.get("month"));
  const { days, kpis } = await getTrialCalendar(actorOf(user), month, DAY_LIMIT);
  return {
    month,
    title: monthTitle(month),
    previous: shiftMonth(month, -1),
    next: shiftMonth(month, 1),
    today: today(),
    // The month's blocks travel as one JSON string: the loader data's encoding
    // goes value by value, and for a hundred blocks that was a tenth of the
    // server's time per calendar page. The weeks are computed where they are drawn.
    days: packDays(days),
    empty: Object.keys(days).length === 0,
    kpis,
    canManage: canManageTrials(user),
  };
}

/**
 * The calendar's own form: the quick status change. Without JavaScript it posts
 * here and comes back to the month with a flash toast; with JavaScript it goes
 * through a fetcher (marked `enhanced`) and gets its toast as data, so the page
 * stays where it is. ('Matricular' is a dialog of its own: /trials/:id/enroll.)
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(context, canManageTrials);
  const form = await request.formData();
  const month = monthOrCurrent(String(form.get("month") ?? new URL(request.url).searchParams.get("month") ?? ""));
  const back = trialsUrl(month);
  const enhanced = form.get("enhanced") === "1";
  const intent = form.get("intent");

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
  return dataWithToast({}, toast, { status });
}

export default function Trials({ loaderData }: Route.ComponentProps) {
  const { month, title, previous, next, kpis, canManage, days, empty } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const onLinkClick = useLinkNavigation();
  const target = navigation.state === "loading" ? navigation.location : null;
  const loadingMonth = target?.pathname === "/trials" && target.search !== location.search;
  const loadingHistory = Boolean(target && /^\/trials\/[^/]+\/history$/.test(target.pathname));

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

        {/*
          One table for every screen: from lg on the 7-column month, Sunday first;
          below it (app.css) only the days that have trials, one after the other,
          each under its heading. The trials are rendered once.
        */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated: the clicks come from the links inside, which the keyboard activates as links */}
        <table className="cal" onClick={onLinkClick}>
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {WEEKDAY_HEADERS.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <ServerCached as="tbody" name="trials-month" deps={{ month, today: loaderData.today, days, canManage }}>
            {() => (
              <MonthRows
                weeks={calendarWeeks(month)}
                days={unpackDays(days)}
                month={month}
                today={loaderData.today}
                canManage={canManage}
              />
            )}
          </ServerCached>
        </table>
        {empty ? <p className="py-6 text-center text-sm text-slate-700 lg:hidden">Nenhum experimental neste mês</p> : null}
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

/** The weeks of the month (cached as HTML on the server, see ServerCached). */
function MonthRows({
  weeks,
  days,
  month,
  today,
  canManage,
}: {
  weeks: CalendarDay[][];
  days: Record<string, CalendarDayTrials>;
  month: string;
  today: string;
  canManage: boolean;
}) {
  return weeks.map((week) => (
    <tr key={week[0].date}>
      {week.map((day) => {
        const list = day.inMonth ? days[day.date] : undefined;
        return (
          <td
            key={day.date}
            aria-current={day.date === today ? "date" : undefined}
            data-date={day.date}
            className={!day.inMonth ? "cal-out" : list ? undefined : "cal-empty"}
          >
            {day.inMonth ? (
              <div className="cal-day">
                <h3>
                  <span className="cal-long">{dayHeading(day.date)}</span>
                  <span className="cal-short">{day.day}</span>
                </h3>
                {canManage ? <NewOnDay date={day.date} month={month} /> : null}
              </div>
            ) : (
              <span className="cal-short">{day.day}</span>
            )}
            {list ? <DayTrials date={day.date} day={list} month={month} canManage={canManage} /> : null}
          </td>
        );
      })}
    </tr>
  ));
}

/**
 * A day's trials: the first few as blocks, and a link to the day's dialog for the
 * rest, so a busy month stays light to render and to read.
 */
function DayTrials({ date, day, month, canManage }: { date: string; day: CalendarDayTrials; month: string; canManage: boolean }) {
  const hidden = day.total - day.trials.length;
  return (
    <>
      <ul className="cal-list">
        {day.trials.map((t) => (
          <li key={t.id}>
            <TrialBlock trial={t} month={month} canManage={canManage} />
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <a href={`/trials/day/${date}?month=${month}`} className="cal-more">
          +{hidden} mais<span className="sr-only"> em {formatDay(date)}</span>
        </a>
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
    <a href={`/trials/new?date=${date}&month=${month}`} className="cal-new">
      <SpriteIcon name="plus" className="" />
      <span className="sr-only">Novo experimental em {formatDay(date)}</span>
    </a>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Experimentais" }];
}
