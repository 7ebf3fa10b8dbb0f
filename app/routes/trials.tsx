import { useEffect, useRef, type SVGProps } from "react";
import { data, Form, Link, Outlet, useFetcher, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/trials";
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page";
import { Spinner } from "~/components/ui/spinner";
import { useActionToast, useToast } from "~/components/ui/toaster";
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
import { TRIAL_STATUSES, WANTS_TO_ENROLL } from "~/domain/trials/constants";
import { getTrialMonth, updateTrial } from "~/domain/trials/service.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/cn";
import { onlyDigits } from "~/lib/format";
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
    // Only what a block shows.
    trials: trials.map(({ id, guardianName, studentName, whatsappNumber, scheduledDate, scheduledTime, status }) => ({
      id,
      guardianName,
      studentName,
      whatsappNumber,
      scheduledDate,
      scheduledTime,
      status,
    })),
    kpis,
    canManage: canManageTrials(user),
  };
}

const ENROLL_TOAST = { title: "Solicitar Matrícula", description: "Funcionalidade em desenvolvimento" };

/**
 * The calendar's own forms: the quick status change and 'Matricular'. Without
 * JavaScript they post here and come back to the month with a flash toast;
 * with JavaScript the status form goes through a fetcher (marked `enhanced`)
 * and gets its toast as data, so the page stays where it is.
 */
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

type LoaderData = Route.ComponentProps["loaderData"];
type CalendarTrial = LoaderData["trials"][number];

export default function Trials({ loaderData }: Route.ComponentProps) {
  const { month, title, previous, next, weeks, kpis, canManage, trials } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location : null;
  const loadingMonth = target?.pathname === "/trials" && target.search !== location.search;
  const loadingHistory = Boolean(target && /^\/trials\/[^/]+\/history$/.test(target.pathname));

  const byDate = new Map<string, CalendarTrial[]>();
  for (const t of trials) byDate.set(t.scheduledDate, [...(byDate.get(t.scheduledDate) ?? []), t]);

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
                      {day.inMonth && byDate.get(day.date)?.length ? (
                        <ul className="mt-1 space-y-1">
                          {byDate.get(day.date)!.map((t) => (
                            <li key={t.id}>
                              <TrialBlock trial={t} month={month} canManage={canManage} />
                            </li>
                          ))}
                        </ul>
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
                  <ul className="space-y-2">
                    {list.map((t) => (
                      <li key={t.id}>
                        <TrialBlock trial={t} month={month} canManage={canManage} />
                      </li>
                    ))}
                  </ul>
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

const controlShape =
  "inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-medium " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600";
const smallControl = cn(controlShape, "border-slate-300 bg-white text-slate-900 hover:bg-slate-100");

/** One trial in its day: student, (guardian), time; with the permission, its quick actions. */
function TrialBlock({ trial, month, canManage }: { trial: CalendarTrial; month: string; canManage: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const { toast } = useToast();
  const details = useRef<HTMLDetailsElement>(null);
  useActionToast(fetcher.state === "idle" ? fetcher.data?.toast : undefined);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast && details.current) details.current.open = false;
  }, [fetcher.state, fetcher.data]);

  // While the change is on its way, show the chosen status.
  const pending = fetcher.formData?.get("status");
  const status = typeof pending === "string" ? pending : trial.status;
  const enrolling = status === WANTS_TO_ENROLL;
  const statusUrl = `/trials?month=${month}`;
  const phone = onlyDigits(trial.whatsappNumber);

  const summary = (
    <>
      <span className="block truncate font-semibold">{trial.studentName}</span>
      <span className="block truncate">{`(${trial.guardianName})`}</span>
      <span className="block">{trial.scheduledTime}</span>
    </>
  );

  return (
    <div
      data-testid="trial-block"
      data-status={status}
      className={cn(
        "rounded-md border p-1.5 text-xs",
        enrolling ? "border-green-400 bg-green-100 text-green-950" : "border-violet-200 bg-violet-50 text-slate-900",
      )}
    >
      {canManage ? (
        <Link
          to={`/trials/${trial.id}/edit?month=${month}`}
          preventScrollReset
          className="block rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          {summary}
        </Link>
      ) : (
        <div>{summary}</div>
      )}
      <p className="mt-0.5 truncate text-[0.7rem] text-slate-700">
        <span className="sr-only">Status: </span>
        {status}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        {canManage ? (
          <details ref={details} className="relative">
            <summary className={cn(smallControl, "cursor-pointer list-none")}>
              Status<span className="sr-only"> de {trial.studentName}</span>
            </summary>
            <div className="absolute left-0 z-30 mt-1 w-44 rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg">
              <p className="mb-1 text-xs font-semibold">Alterar status:</p>
              <ul className="space-y-0.5">
                {TRIAL_STATUSES.map((s) => (
                  <li key={s}>
                    <fetcher.Form method="post" action={statusUrl} preventScrollReset>
                      <input type="hidden" name="intent" value="status" />
                      <input type="hidden" name="id" value={trial.id} />
                      <input type="hidden" name="month" value={month} />
                      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
                      <button
                        type="submit"
                        name="status"
                        value={s}
                        aria-pressed={s === status}
                        disabled={fetcher.state !== "idle"}
                        className={cn(
                          "w-full rounded px-2 py-1 text-left text-xs hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600",
                          s === status && "bg-violet-100 font-semibold",
                        )}
                      >
                        {s}
                      </button>
                    </fetcher.Form>
                  </li>
                ))}
              </ul>
            </div>
          </details>
        ) : null}
        {canManage ? (
          <Link to={`/trials/${trial.id}/history?month=${month}`} preventScrollReset className={smallControl} title="Ver histórico">
            <ClockIcon />
            <span className="sr-only">Ver histórico de {trial.studentName}</span>
          </Link>
        ) : null}
        {canManage && enrolling ? (
          <Form method="post" action={statusUrl} preventScrollReset>
            <input type="hidden" name="intent" value="enroll" />
            <input type="hidden" name="month" value={month} />
            <button
              type="submit"
              className={cn(controlShape, "border-green-800 bg-green-800 text-white hover:bg-green-900")}
              onClick={
                hydrated
                  ? (e) => {
                      e.preventDefault();
                      toast(ENROLL_TOAST);
                    }
                  : undefined
              }
            >
              Matricular<span className="sr-only"> {trial.studentName}</span>
            </button>
          </Form>
        ) : null}
        {phone ? (
          <a
            href={`https://wa.me/55${phone}`}
            target="_blank"
            rel="noopener noreferrer"
            className={smallControl}
            title="WhatsApp"
          >
            <ChatIcon />
            <span className="sr-only">WhatsApp de {trial.guardianName}</span>
          </a>
        ) : null}
      </div>
    </div>
  );
}

function ClockIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" />
    </svg>
  );
}

function ChatIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false" {...props}>
      <path d="M21 12a8.5 8.5 0 0 1-12.6 7.4L3 21l1.6-5.2A8.5 8.5 0 1 1 21 12z" strokeLinejoin="round" />
    </svg>
  );
}

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Experimentais" }];
}
