import { Link, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { useShell } from "~/hooks/use-shell";
import { useAppName } from "~/hooks/use-app-name";
import { useLinkNavigation } from "~/hooks/use-link-navigation";
import { isAdmin, isStaff, userTypeLabel } from "~/domain/access/roles";
import { billingSummary } from "~/domain/charges/queries.server";
import { formatBRL } from "~/lib/format";
import { atRiskStudents, todaySessions } from "~/domain/attendance/queries.server";
import { formatDay, today } from "~/domain/calendar/dates";
import { countOverdueTasks } from "~/domain/tasks/queries.server";
import { dayTrials } from "~/domain/trials/queries.server";
import { WANTS_TO_ENROLL } from "~/domain/trials/constants";
import { onlyDigits } from "~/lib/format";
import { cn } from "~/lib/cn";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { actorOf, requireUser } from "~/server/session.server";
import { homePath } from "~/server/home.server";
import { rollCallUrl, sessionDayLabel } from "~/features/attendance/roll-call-screen";
import { whatsappLink } from "~/lib/whatsapp";

/** The day's first trials on the dashboard (a busy network's branch has a hundred a day); the calendar's day view lists them all. */
const DAY_TRIALS_LIMIT = 10;
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";
const greeting = (name: string) => (firstName(name) ? `Olá, ${firstName(name)}!` : "Olá!");

/** The message the WhatsApp link of a pupil at risk opens with. */
function atRiskMessage(r: { guardianName: string; studentName: string; classLabel: string; absences: number; lastAbsence: string }) {
  return (
    `${greeting(r.guardianName)} Sentimos falta de ${firstName(r.studentName)} nas aulas de ${r.classLabel}: ` +
    `foram ${r.absences} faltas seguidas, a última em ${formatDay(r.lastAbsence)}. Está tudo bem? Podemos marcar uma aula de reposição.`
  );
}

/** The reminder the WhatsApp link of a trial of the day opens with. */
function trialReminder(t: { guardianName: string; studentName: string; scheduledTime: string; classLabel: string }) {
  return `${greeting(t.guardianName)} Lembrando da aula experimental de ${firstName(t.studentName)} hoje às ${t.scheduledTime} (${t.classLabel}). Até já!`;
}

/**
 * The day of the selected branch: today's classes with their roll call, today's
 * trials and, for the staff, the pupils at risk of dropping out (three or more
 * absences in a row in the last 30 days); then the user's own cards (§2).
 * Client users (guardians) do not get other families' names and phones.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  // A family's start is its own space, not the school's day.
  if (homePath(user) !== "/") throw redirect(homePath(user));
  const actor = actorOf(user);
  const staff = isStaff(user);
  const branchId = await getSelectedBranchId(context);
  const date = today();
  const [sessions, trials, atRisk, overdueTasks, money] = await Promise.all([
    // A family does not see the classes' rosters and roll calls (family/scope.ts): the day's classes are the staff's.
    staff && branchId ? todaySessions(actor, { branchId, date }) : [],
    dayTrials(actor, { date, branchId, limit: DAY_TRIALS_LIMIT }),
    staff && branchId ? atRiskStudents(actor, { branchId }) : [],
    // The signed-in user's follow-ups due before today ('Minhas tarefas').
    staff ? countOverdueTasks(actor.id) : null,
    // 'Financeiro do mês': the Administrator's.
    isAdmin(user) ? billingSummary(actor, { branchId }) : null,
  ]);
  return {
    date,
    overdueTasks,
    money,
    sessions: !staff
      ? null
      : sessions.map((s) => ({
          href: rollCallUrl(s.classId, s),
          classLabel: s.classLabel,
          startTime: s.startTime,
          endTime: s.endTime,
          classroomName: s.classroomName,
          taken: s.attendanceTaken,
        })),
    trialsTotal: trials.total,
    trials: trials.trials.map((t) => {
      const phone = onlyDigits(t.whatsappNumber);
      return {
        id: t.id,
        studentName: t.studentName,
        guardianName: t.guardianName,
        scheduledTime: t.scheduledTime,
        status: t.status,
        classLabel: t.classLabel,
        href: staff ? `/trials/${t.id}/edit?month=${date.slice(0, 7)}` : null,
        whatsapp: staff && phone ? whatsappLink(phone, trialReminder(t)) : null,
      };
    }),
    atRisk: staff
      ? atRisk.map((r) => ({
          key: `${r.studentId}|${r.classId}`,
          studentId: r.studentId,
          studentName: r.studentName,
          guardianName: r.guardianName,
          whatsapp: r.whatsapp ? whatsappLink(r.whatsapp, atRiskMessage(r)) : null,
          classId: r.classId,
          classLabel: r.classLabel,
          absences: r.absences,
          lastAbsence: r.lastAbsence,
        }))
      : null,
  };
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = useShell();
  const appName = useAppName();
  const { date, sessions, trials, trialsTotal, atRisk, overdueTasks, money } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="mt-1 text-slate-700">{`Bem-vindo ao sistema ${appName}`}</p>
        <p className="mt-1 text-sm text-slate-700">{sessionDayLabel(date)}</p>
      </div>
      {overdueTasks !== null ? (
        <section aria-labelledby="overdue-tasks-title" className={cn(panel, "flex flex-wrap items-center justify-between gap-2")}>
          <h2 id="overdue-tasks-title" className="text-base font-semibold sm:text-lg">
            Tarefas atrasadas: <span data-testid="overdue-tasks">{overdueTasks}</span>
          </h2>
          <Link to="/tasks" className="link inline-flex min-h-11 items-center text-sm">
            Ver minhas tarefas
          </Link>
        </section>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {sessions ? <TodayClasses sessions={sessions} /> : null}
        <TodayTrials trials={trials} total={trialsTotal} date={date} />
      </div>
      {atRisk ? <AtRisk rows={atRisk} /> : null}
      {money ? <MonthMoney money={money} /> : null}
      <section aria-labelledby="account-title">
        <h2 id="account-title" className="mb-2 text-sm font-semibold text-slate-700">
          Sua conta
        </h2>
        <div className="grid gap-2 sm:grid-cols-3">
          <InfoCard title="Usuário" value={user.name} />
          <InfoCard title="E-mail" value={user.email} />
          <InfoCard title="Tipo de Usuário" value={userTypeLabel(user.userType)} />
        </div>
      </section>
    </div>
  );
}

const panel = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

/** 'Financeiro do mês' (Administrator): what the month's charges expect, what came in, and what is overdue today. */
function MonthMoney({ money }: { money: NonNullable<LoaderData["money"]> }) {
  return (
    <section aria-labelledby="month-money-title" className={panel}>
      <PanelHeader id="month-money-title" title="Financeiro do mês" to="/billing/overdue" more="Ver inadimplência" />
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-700">Previsto</dt>
          <dd className="text-lg font-semibold">{formatBRL(money.expected)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Recebido</dt>
          <dd className="text-lg font-semibold">{formatBRL(money.received)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Vencido</dt>
          <dd className="text-lg font-semibold">
            {formatBRL(money.overdue)} <span className="text-sm font-normal">({Math.round(money.overdueRate * 100)}%)</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The time column of the day's lists: the start, and the end below it. */
function Time({ start, end }: { start: string; end?: string }) {
  return (
    <span className="w-12 shrink-0 font-semibold tabular-nums text-slate-900">
      {start}
      {end ? <span className="block text-xs font-normal text-slate-600">{end}</span> : null}
    </span>
  );
}

function PanelHeader({ id, title, to, more }: { id: string; title: string; to: string; more: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id={id} className="text-base font-semibold sm:text-lg">
        {title}
      </h2>
      <Link to={to} className="link inline-flex min-h-11 items-center text-sm">
        {more}
      </Link>
    </div>
  );
}

/** 'Aulas de hoje': each session with its roll call's state, one tap to the roll call. */
function TodayClasses({ sessions }: { sessions: NonNullable<LoaderData["sessions"]> }) {
  const onLinkClick = useLinkNavigation({ preventScrollReset: false });
  return (
    <section aria-labelledby="today-classes-title" className={panel}>
      <PanelHeader id="today-classes-title" title="Aulas de hoje" to="/today" more="Ver o dia" />
      {sessions.length === 0 ? (
        <p className="mt-3 text-slate-700">Nenhuma aula hoje nesta unidade</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated: the clicks come from the links inside, which the keyboard activates as links
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Aulas de hoje" onClick={onLinkClick}>
          {sessions.map((s) => (
            <li key={s.href}>
              <a
                href={s.href}
                className="flex min-h-11 items-start gap-3 rounded-md py-2 hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
              >
                <Time start={s.startTime} end={s.endTime} />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">{s.classLabel}</span>
                  <span className="block text-sm text-slate-700">{s.classroomName}</span>
                  <span className={cn("badge mt-1", s.taken ? "badge-on" : "rc-pending")}>
                    {s.taken ? "Chamada feita" : "Chamada pendente"}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * 'Experimentais de hoje': time, pupil (guardian), class and status; for the staff the trial and a WhatsApp reminder.
 * The day's first DAY_TRIALS_LIMIT; the rest are one link away, in the calendar's day view.
 */
function TodayTrials({ trials, total, date }: { trials: LoaderData["trials"]; total: number; date: string }) {
  return (
    <section aria-labelledby="today-trials-title" className={panel}>
      <PanelHeader id="today-trials-title" title="Experimentais de hoje" to="/trials" more="Ver agenda" />
      {trials.length === 0 ? (
        <p className="mt-3 text-slate-700">Nenhum experimental hoje nesta unidade</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Experimentais de hoje">
          {trials.map((t) => (
            <li key={t.id} className="flex items-start gap-3 py-2">
              <Time start={t.scheduledTime} />
              <div className="min-w-0 flex-1">
                <p>
                  {t.href ? (
                    <Link to={t.href} className="link">
                      {t.studentName}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{t.studentName}</span>
                  )}
                  <span className="text-sm text-slate-700">{` (${t.guardianName})`}</span>
                </p>
                <p className="text-sm text-slate-700">{t.classLabel}</p>
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <span className={cn("badge", t.status === WANTS_TO_ENROLL ? "badge-on" : "badge-off")}>{t.status}</span>
                  {t.whatsapp ? (
                    <a href={t.whatsapp} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-md min-h-11">
                      WhatsApp<span className="sr-only">{` de ${t.guardianName} (${t.studentName})`}</span>
                    </a>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > trials.length ? (
        <Link to={`/trials?view=day&date=${date}`} className="link inline-flex min-h-11 items-center text-sm">
          +{total - trials.length} mais<span className="sr-only"> experimentais hoje</span>
        </Link>
      ) : null}
    </section>
  );
}

/** 'Alunos em risco': each pupil (to the student's page) with the class, the count, the last absence and a WhatsApp message ready. */
function AtRisk({ rows }: { rows: NonNullable<LoaderData["atRisk"]> }) {
  return (
    <section aria-labelledby="at-risk-title" className={panel}>
      <h2 id="at-risk-title" className="text-base font-semibold sm:text-lg">
        Alunos em risco
      </h2>
      <p className="mt-1 text-sm text-slate-700">Três ou mais faltas seguidas nos últimos 30 dias.</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-slate-700">Nenhum aluno em risco</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Alunos em risco">
          {rows.map((r) => (
            <li key={r.key} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link to={`/students/${r.studentId}`} className="link font-semibold">
                  {r.studentName}
                </Link>
                <p className="text-sm text-slate-700">
                  <Link to={`/classes/${r.classId}/attendance`} className="underline underline-offset-2 hover:text-violet-800">
                    {r.classLabel}
                  </Link>
                  {` · ${r.absences} faltas seguidas · última em ${formatDay(r.lastAbsence)}`}
                </p>
                <p className="text-sm text-slate-700">{`Responsável: ${r.guardianName}`}</p>
              </div>
              {r.whatsapp ? (
                <a href={r.whatsapp} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-md min-h-11 shrink-0">
                  WhatsApp<span className="sr-only">{` de ${r.guardianName} (${r.studentName})`}</span>
                </a>
              ) : (
                <span className="text-sm text-slate-600">Sem telefone</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InfoCard({ title, value }: { title: string; value: string }) {
  return (
    <section className="rounded-md border border-slate-200 bg-white px-3 py-2">
      <h3 className="text-xs font-medium text-slate-600">{title}</h3>
      <p className="break-words text-sm font-semibold">{value}</p>
    </section>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Dashboard" }];
}
