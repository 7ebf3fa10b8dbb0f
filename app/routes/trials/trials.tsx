import type { ReactNode } from "react";
import { Form, Outlet, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/trials";
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon, SpriteIcon } from "~/components/icons";
import { ServerCached } from "~/components/server-cached";
import { TrialBlock } from "~/components/trial-block";
import { Button, ExportCsvLink, LinkButton } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page";
import { Spinner } from "~/components/ui/spinner";
import { isStaff } from "~/domain/access/roles";
import { calendarWeeks, type CalendarDay, dayHeading, formatDay, monthTitle, today, WEEKDAY_HEADERS } from "~/domain/calendar/dates";
import type { CalendarDayTrials, CalendarTrial } from "~/domain/trials/calendar";
import {
  type CalendarPlace,
  type CalendarView,
  calendarPlace,
  neighbours,
  packDays,
  placeMonth,
  placeOn,
  placeQuery,
  placeUrl,
  trialAnchorUrl,
  unpackDays,
  weekDates,
} from "./+shared/calendar-screen";
import { formatDays, type TrialKpis } from "~/domain/trials/kpis";
import { updateTrial } from "~/domain/trials/service.server";
import { getTrialCalendar, getTrialDays, getTrialKpis } from "~/domain/trials/queries.server";
import { isCalendarDate } from "~/domain/patterns";
import { isUuid } from "~/domain/validation";
import { useLinkNavigation } from "~/hooks/use-link-navigation";
import { cn } from "~/lib/cn";
import { formText, intent, intentAction, type IntentContext } from "~/server/forms.server";
import { actorOf, requireUser } from "~/server/session.server";

/** The first trials of each day on the month grid (sized so a month fits a 1280 × 800 screen); the rest are in the day view. */
const MONTH_LIMIT = 2;
/** The first trials of each day on the week view; the rest are in the day view. */
const WEEK_LIMIT = 8;
/**
 * The first trials of the phone's agenda on the month and week pages (which carry
 * it beside the grid, for CSS to show below 768 px); the rest are one link away,
 * in the day view, which lists them all. A busy network's day has a hundred.
 */
const AGENDA_LIMIT = 20;

/**
 * /trials: the trials calendar. Three views, each a URL: the month grid
 * (`?month=YYYY-MM`, the first URL), a week (`?view=week&date=…`) and a day's
 * agenda (`?view=day&date=…`). Below 768 px the calendar is always the day's
 * agenda (today's on the first visit): the month and week pages also carry that
 * agenda (its first AGENDA_LIMIT trials, and a link to the rest), and CSS shows
 * one or the other, so the choice needs no JavaScript.
 * Only the days shown are read (the KPI cards count the month, §9).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const actor = actorOf(user);
  const now = today();
  const place = calendarPlace(new URL(request.url).searchParams, now);
  const month = placeMonth(place);
  // 'Só abertos' (`open=1`): the trials without an outcome only, in the days and in the month's KPIs.
  const open = place.open === true;
  // The view's days and the month's KPIs; and the day's agenda: the whole page
  // in the day view, the phone's view otherwise.
  const readView = async (): Promise<{ days: Record<string, CalendarDayTrials> | null; kpis: TrialKpis }> => {
    if (place.view === "month") return getTrialCalendar(actor, month, MONTH_LIMIT, open);
    if (place.view === "day") return { days: null, kpis: await getTrialKpis(actor, month, open) };
    const week = weekDates(place.date).filter(isCalendarDate); // the first and last weeks of the calendar's range are cut
    const [days, kpis] = await Promise.all([
      getTrialDays(actor, week[0], week[week.length - 1], WEEK_LIMIT, open),
      getTrialKpis(actor, month, open),
    ]);
    return { days, kpis };
  };
  const agendaLimit = place.view === "day" ? null : AGENDA_LIMIT;
  const [{ days, kpis }, agenda] = await Promise.all([readView(), getTrialDays(actor, place.date, place.date, agendaLimit, open)]);
  const agendaDay = agenda[place.date];
  return {
    place,
    today: now,
    // The blocks travel as one JSON string: the loader data's encoding goes
    // value by value, and for a hundred blocks that was a tenth of the
    // server's time per calendar page. The weeks are computed where they are drawn.
    days: days ? packDays(days) : null,
    agenda: agendaDay?.trials ?? [],
    agendaTotal: agendaDay?.total ?? 0,
    kpis,
    isAdmin: isStaff(user),
  };
}

/**
 * The calendar's own form: the quick status change. Without JavaScript it posts
 * here and comes back to the calendar's place (`back`), scrolled to the trial's
 * block (`#tb-<id>`, which takes the focus); with JavaScript it goes through
 * a fetcher (marked `enhanced`) and gets its toast as data, so the page stays
 * where it is. ('Matricular' is a dialog of its own: /trials/:id/enroll.)
 */
export async function action(args: Route.ActionArgs) {
  // Back to the calendar's place, on the trial's block; a fetcher's post (`enhanced`) stays where it is.
  const backTo = (value: { id: string; back: string | null; enhanced: string }, { url }: IntentContext) => {
    if (value.enhanced === "1") return null;
    const place = calendarPlace(value.back !== null ? new URLSearchParams(value.back) : url.searchParams, today());
    return isUuid(value.id) ? trialAnchorUrl(place, value.id) : placeUrl(place);
  };
  return intentAction(args, {
    permission: isStaff,
    intents: {
      status: intent({
        schema: z.object({
          id: formText(),
          back: z.string().nullable().default(null),
          enhanced: formText(),
          status: z.string().nullable().default(null),
        }),
        save: (value, { actor }) => updateTrial(actor, value.id, { status: value.status }),
        errorTitle: "Erro ao atualizar status",
        refusedTo: backTo,
        redirectTo: (value, _trial, context) => backTo(value, context),
        success: "Status atualizado",
      }),
    },
  });
}

export default function Trials({ loaderData }: Route.ComponentProps) {
  const { place, kpis, isAdmin, agenda } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location : null;
  const loading = target?.pathname === "/trials" && target.search !== location.search;
  const loadingHistory = Boolean(target && /^\/trials\/[^/]+\/history$/.test(target.pathname));

  const dayAgenda = (primary: boolean) => (
    <DayAgenda
      date={place.date}
      today={loaderData.today}
      trials={agenda}
      total={loaderData.agendaTotal}
      isAdmin={isAdmin}
      primary={primary}
      loading={loading}
      switcher={primary ? place : null}
      open={place.open === true}
    />
  );

  return (
    <div>
      <PageHeader
        title="Experimentais"
        description="Gerencie as aulas experimentais de novos alunos"
        actions={
          <>
            <ExportCsvLink href={`/api/trials?format=csv&month=${place.date.slice(0, 7)}`} />
            {isAdmin ? (
              <LinkButton to={newTrialUrl(place, place.date)} preventScrollReset>
                <PlusIcon /> Novo Experimental
              </LinkButton>
            ) : null}
          </>
        }
      />

      {place.view === "day" ? (
        dayAgenda(true)
      ) : (
        <>
          {/* Below 768 px: the day's agenda. From 768 px: the month grid or the week. */}
          <div className="md:hidden">{dayAgenda(false)}</div>
          <div className="hidden md:block">
            {place.view === "month" ? (
              <MonthView place={place} today={loaderData.today} days={loaderData.days ?? "{}"} isAdmin={isAdmin} loading={loading} />
            ) : (
              <WeekView place={place} today={loaderData.today} days={loaderData.days ?? "{}"} isAdmin={isAdmin} loading={loading} />
            )}
          </div>
        </>
      )}

      <section aria-labelledby="trials-kpis-title" className="mt-6">
        <h2 id="trials-kpis-title" className="mb-2 text-sm font-semibold text-slate-700">
          Indicadores do mês
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Kpi label="Total de Agendamentos" value={String(kpis.total)} />
          <Kpi label="% de NoShow" value={`${kpis.noShowPercent}%`} />
          <Kpi label="% de Compareceu" value={`${kpis.attendedPercent}%`} />
          <Kpi label="% de Matrículas" value={`${kpis.enrollPercent}%`} />
          <Kpi label="Ciclo de Vendas Médio" value={formatDays(kpis.averageSalesCycleDays)} />
        </dl>
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

/** Where 'Novo Experimental' opens the create dialog from a place, for a day (the dialog goes back to the place). */
function newTrialUrl(place: CalendarPlace, date: string): string {
  return place.view === "month" ? `/trials/new?date=${date}&month=${placeMonth(place)}` : `/trials/new?view=${place.view}&date=${date}`;
}

const dayUrl = (date: string) => `/trials?view=day&date=${date}`;

/**
 * A view's bar: previous, its title, next; 'Hoje'; the views (from 768 px);
 * and a jump to a date (a GET form, so it works without JavaScript).
 */
function CalendarBar({
  place,
  title,
  titleId,
  labels,
  today,
  loading,
  switcher,
  children,
}: {
  place: CalendarPlace;
  title: ReactNode;
  titleId: string;
  labels: { previous: string; next: string };
  today: string;
  loading: boolean;
  switcher: CalendarPlace | null;
  children?: ReactNode;
}) {
  const { previous, next } = neighbours(place);
  const todayPlace: CalendarPlace = placeOn(place, today);
  return (
    <div className="cal-bar">
      <div className="cal-nav">
        <LinkButton to={placeUrl(previous)} variant="outline" size="icon" aria-label={labels.previous} preventScrollReset>
          <ChevronLeftIcon />
        </LinkButton>
        <div className="flex min-w-0 items-center justify-center gap-2">
          <h2 id={titleId} className="text-center text-lg font-semibold">
            {title}
          </h2>
          {loading ? <Spinner label="Carregando..." className="h-6" /> : null}
        </div>
        <LinkButton to={placeUrl(next)} variant="outline" size="icon" aria-label={labels.next} preventScrollReset>
          <ChevronRightIcon />
        </LinkButton>
      </div>
      <div className="cal-tools">
        <LinkButton
          to={place.view === "month" && !place.open ? "/trials" : placeUrl(todayPlace)}
          variant="outline"
          size="sm"
          preventScrollReset
        >
          Hoje
        </LinkButton>
        {switcher ? <ViewSwitch place={switcher} /> : null}
        <OpenOnlyLink place={place} />
        <JumpForm view={place.view} date={place.date} open={place.open === true} id={`${titleId}-jump`} />
        {children}
      </div>
    </div>
  );
}

const VIEWS: Array<[CalendarView, string]> = [
  ["month", "Mês"],
  ["week", "Semana"],
  ["day", "Dia"],
];

/** 'Mês', 'Semana', 'Dia': links to the same day in each view (from 768 px; below it the calendar is the day's agenda). */
function ViewSwitch({ place }: { place: CalendarPlace }) {
  return (
    <nav aria-label="Visualização do calendário" className="hidden md:block">
      <ul className="flex gap-1">
        {VIEWS.map(([view, label]) => (
          <li key={view}>
            <LinkButton
              to={placeUrl({ ...place, view })}
              variant={view === place.view ? "default" : "outline"}
              size="sm"
              aria-current={view === place.view ? "page" : undefined}
              preventScrollReset
            >
              {label}
            </LinkButton>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * 'Só abertos': a link to the same place with or without the filter (works
 * without JavaScript); it reads as a checkbox's state for screen readers.
 */
function OpenOnlyLink({ place }: { place: CalendarPlace }) {
  const on = place.open === true;
  return (
    <LinkButton
      to={placeUrl(on ? { view: place.view, date: place.date } : { ...place, open: true })}
      variant={on ? "default" : "outline"}
      size="sm"
      preventScrollReset
    >
      <span aria-hidden="true">{on ? "☑" : "☐"}</span> Só abertos
      <span className="sr-only">{on ? " (ligado: mostrar todos)" : " (desligado)"}</span>
    </LinkButton>
  );
}

/** 'Ir para a data': a GET form of the calendar, in the same view. */
function JumpForm({ view, date, open, id }: { view: CalendarView; date: string; open: boolean; id: string }) {
  return (
    <Form method="get" action="/trials" className="flex items-center gap-1" preventScrollReset>
      <input type="hidden" name="view" value={view} />
      {open ? <input type="hidden" name="open" value="1" /> : null}
      <label htmlFor={id} className="sr-only">
        Ir para a data
      </label>
      <input key={date} id={id} type="date" name="date" defaultValue={date} required className={cn(inputClass, "w-auto py-1.5")} />
      <Button type="submit" variant="outline" size="sm">
        Ir
      </Button>
    </Form>
  );
}

/**
 * A day's agenda: every trial of the day in time order, each with its class,
 * status and controls. The whole calendar below 768 px, and the day view.
 * `primary`: the page's one view of these trials (its blocks carry the
 * anchors); otherwise the phone's twin of the month or week view.
 */
function DayAgenda({
  date,
  today,
  trials,
  total,
  isAdmin,
  primary,
  loading,
  switcher,
  open,
}: {
  date: string;
  today: string;
  trials: CalendarTrial[];
  /** The day's trials, of which `trials` are the first. */
  total: number;
  isAdmin: boolean;
  open: boolean;
  primary: boolean;
  loading: boolean;
  switcher: CalendarPlace | null;
}) {
  const onLinkClick = useLinkNavigation();
  const titleId = primary ? "trials-day-title" : "trials-agenda-title";
  const place: CalendarPlace = open ? { view: "day", date, open } : { view: "day", date };
  const back = placeQuery(place);
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <CalendarBar
        place={place}
        titleId={titleId}
        title={
          <>
            {date === today ? <span className="mr-2 rounded bg-violet-100 px-1.5 py-0.5 text-violet-900">Hoje</span> : null}
            {dayHeading(date)} de {date.slice(0, 4)}
          </>
        }
        labels={{ previous: "Dia anterior", next: "Próximo dia" }}
        today={today}
        loading={loading}
        switcher={switcher}
      />
      {trials.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-700">Nenhum experimental neste dia</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated: the clicks come from the links inside, which the keyboard activates as links
        <ol className="agenda" onClick={onLinkClick}>
          {trials.map((t) => (
            <li key={t.id}>
              <TrialBlock trial={t} back={back} isAdmin={isAdmin} anchored={primary} />
            </li>
          ))}
        </ol>
      )}
      {total > trials.length ? (
        <p className="mt-2 text-center">
          <MoreLink href={placeUrl(place)} date={date} hidden={total - trials.length} />
        </p>
      ) : null}
    </section>
  );
}

/** What the week and the month views get: the calendar's place, today, the packed days (`packDays`) and who is looking. */
interface CalendarViewProps {
  place: CalendarPlace;
  today: string;
  days: string;
  isAdmin: boolean;
  loading: boolean;
}

/** The week, Sunday first: each day's trials with their controls (the first few; the rest in the day view). */
function WeekView({ place, today, days, isAdmin, loading }: CalendarViewProps) {
  const onLinkClick = useLinkNavigation();
  const dates = weekDates(place.date);
  const byDay = unpackDays(days);
  const back = placeQuery(place);
  return (
    <section aria-labelledby="trials-week-title" className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <CalendarBar
        place={place}
        titleId="trials-week-title"
        title={`Semana de ${formatDay(dates[0]).slice(0, 5)} a ${formatDay(dates[6])}`}
        labels={{ previous: "Semana anterior", next: "Próxima semana" }}
        today={today}
        loading={loading}
        switcher={place}
      />
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated: the clicks come from the links inside, which the keyboard activates as links */}
      <ol className="wk" onClick={onLinkClick}>
        {dates.map((date, i) => {
          const day = byDay[date];
          const hidden = day ? day.total - day.trials.length : 0;
          return (
            <li key={date} data-date={date} aria-current={date === today ? "date" : undefined}>
              <div className="cal-day">
                <h3>
                  <a href={dayUrl(date)} className="cal-num">
                    <span aria-hidden="true">
                      {WEEKDAY_HEADERS[i]} {Number(date.slice(8))}
                    </span>
                    <span className="sr-only">{dayHeading(date)}</span>
                  </a>
                </h3>
                {isAdmin ? <NewOnDay href={newTrialUrl(place, date)} date={date} /> : null}
              </div>
              {day?.trials.length ? (
                <ul className="cal-list">
                  {day.trials.map((t) => (
                    <li key={t.id}>
                      <TrialBlock trial={t} back={back} isAdmin={isAdmin} anchored />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="wk-none">Nenhum experimental</p>
              )}
              {hidden > 0 ? <MoreLink date={date} hidden={hidden} /> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function MonthView({ place, today, days, isAdmin, loading }: CalendarViewProps) {
  const onLinkClick = useLinkNavigation();
  const month = placeMonth(place);
  const title = monthTitle(month);
  return (
    <section aria-labelledby="trials-month-title" className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <CalendarBar
        place={place}
        titleId="trials-month-title"
        title={title}
        labels={{ previous: "Mês anterior", next: "Próximo mês" }}
        today={today}
        loading={loading}
        switcher={place}
      />
      {/*
        The 7-column month, Sunday first, sized to fit the screen: each day shows
        its first trials as compact blocks and '+N mais' links to the day view.
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
        <ServerCached as="tbody" name="trials-month" deps={{ month, today, days, isAdmin }}>
          {() => <MonthRows weeks={calendarWeeks(month)} days={unpackDays(days)} month={month} today={today} isAdmin={isAdmin} />}
        </ServerCached>
      </table>
    </section>
  );
}

/** The weeks of the month (cached as HTML on the server, see ServerCached). */
function MonthRows({
  weeks,
  days,
  month,
  today,
  isAdmin,
}: {
  weeks: CalendarDay[][];
  days: Record<string, CalendarDayTrials>;
  month: string;
  today: string;
  isAdmin: boolean;
}) {
  const back = `month=${month}`;
  return weeks.map((week) => (
    <tr key={week[0].date}>
      {week.map((day) => {
        const list = day.inMonth ? days[day.date] : undefined;
        const hidden = list ? list.total - list.trials.length : 0;
        return (
          <td
            key={day.date}
            aria-current={day.date === today ? "date" : undefined}
            data-date={day.date}
            className={day.inMonth ? undefined : "cal-out"}
          >
            {day.inMonth ? (
              <div className="cal-day">
                <h3>
                  <a href={dayUrl(day.date)} className="cal-num">
                    <span aria-hidden="true">{day.day}</span>
                    <span className="sr-only">{dayHeading(day.date)}</span>
                  </a>
                </h3>
                {hidden > 0 ? <MoreLink date={day.date} hidden={hidden} /> : null}
                {isAdmin ? <NewOnDay href={`/trials/new?date=${day.date}&month=${month}`} date={day.date} /> : null}
              </div>
            ) : (
              <span>{day.day}</span>
            )}
            {list?.trials.length ? (
              <ul className="cal-list">
                {list.trials.map((t) => (
                  <li key={t.id}>
                    <TrialBlock trial={t} back={back} isAdmin={isAdmin} variant="chip" anchored />
                  </li>
                ))}
              </ul>
            ) : null}
          </td>
        );
      })}
    </tr>
  ));
}

/** '+N mais': the day's other trials, in the day view. */
function MoreLink({ href, date, hidden }: { href?: string; date: string; hidden: number }) {
  return (
    <a href={href ?? dayUrl(date)} className="cal-more">
      +{hidden} mais<span className="sr-only"> em {formatDay(date)}</span>
    </a>
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

function NewOnDay({ href, date }: { href: string; date: string }) {
  return (
    <a href={href} className="cal-new">
      <SpriteIcon name="plus" className="" />
      <span className="sr-only">Novo experimental em {formatDay(date)}</span>
    </a>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Experimentais" }];
}
