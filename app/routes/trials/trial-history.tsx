import type { Route } from "./+types/trial-history";
import { LinkButton } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { trialAnchorUrl, trialReturnPlace } from "./+shared/calendar-screen";
import { entryDurations, formatDateTime, totalCycle } from "~/domain/trials/durations";
import { WANTS_TO_ENROLL } from "~/domain/trials/constants";
import { schoolTimeZone } from "~/domain/calendar/dates";
import { getTrial, getTrialHistory } from "~/domain/trials/queries.server";
import { isStaff } from "~/domain/access/roles";
import { formatDay } from "~/domain/calendar/dates";
import { ENROLLED, LOST } from "~/domain/trials/constants";
import { trialTasks } from "~/domain/tasks/queries.server";
import { STAFF_TYPES } from "~/domain/classes/queries.server";
import { listUserOptions } from "~/domain/users/queries.server";
import { placeQuery } from "./+shared/calendar-screen";
import { cn } from "~/lib/cn";
import { orRespond } from "~/server/forms.server";
import { actorOf, requireUser } from "~/server/session.server";

/**
 * /trials/:id/history: the trial's view (its status, outcome and history) is
 * open to every signed-in user; its owner, tasks and the outcome's actions
 * ('Marcar como perdido', 'Reabrir', 'Nova tarefa') to Team and Administrator.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const actor = actorOf(user);
  const [trial, entries] = await orRespond(() => Promise.all([getTrial(actor, params.id), getTrialHistory(actor, params.id)]));
  const staff = isStaff(actor);
  const [tasks, owners] = staff ? await Promise.all([trialTasks(actor, trial.id), listUserOptions(STAFF_TYPES)]) : [[], []];
  const place = trialReturnPlace(new URL(request.url), trial.scheduledDate);
  return {
    trial: {
      id: trial.id,
      studentName: trial.studentName,
      guardianName: trial.guardianName,
      status: trial.status,
      outcome: trial.outcome,
      lostReason: trial.lostReason,
      lostNote: trial.lostNote,
      closedAt: trial.closedAt,
    },
    staff,
    owner: owners.find((o) => o.id === trial.ownerId)?.label ?? null,
    tasks: tasks.map((t) => ({ id: t.id, dueAt: t.dueAt, note: t.note, done: t.doneAt !== null })),
    back: placeQuery(place),
    entries,
    // Back to the calendar's place, scrolled to the trial.
    closeTo: trialAnchorUrl(place, trial.id),
    // The browser formats the times too (hydration): in the school's zone, not its own.
    timeZone: schoolTimeZone(),
  };
}

export default function TrialHistory({ loaderData }: Route.ComponentProps) {
  const { trial, staff, owner, tasks, back, entries, closeTo, timeZone } = loaderData;
  const durations = entryDurations(entries);
  return (
    <RouteDialog title="Histórico de Status" closeTo={closeTo} size="md">
      <dl className="grid grid-cols-1 gap-3 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-700">Aluna</dt>
          <dd className="font-semibold">{trial.studentName}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Responsável</dt>
          <dd className="font-semibold">{trial.guardianName}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Status atual</dt>
          <dd className="font-semibold">{trial.status}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Duração Total do Ciclo</dt>
          <dd className="font-semibold">{totalCycle(entries)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Resultado</dt>
          <dd className="font-semibold" data-testid="trial-outcome">
            {trial.outcome === LOST ? `Perdido: ${trial.lostReason ?? "-"}` : trial.outcome === ENROLLED ? "Matriculado" : "Aberto"}
            {trial.closedAt ? (
              <span className="block text-xs font-normal text-slate-700">
                em <time dateTime={trial.closedAt}>{formatDateTime(trial.closedAt, timeZone)}</time>
              </span>
            ) : null}
            {trial.lostNote ? <span className="block text-xs font-normal text-slate-700">{trial.lostNote}</span> : null}
          </dd>
        </div>
        {staff ? (
          <div>
            <dt className="text-slate-700">Responsável pelo lead</dt>
            <dd className="font-semibold">{owner ?? "Sem responsável"}</dd>
          </div>
        ) : null}
      </dl>
      {staff ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {trial.outcome === null ? (
            <LinkButton to={`/trials/${trial.id}/lose?${back}`} variant="outline" size="sm" preventScrollReset>
              Marcar como perdido
            </LinkButton>
          ) : null}
          {trial.outcome === LOST ? (
            <LinkButton to={`/trials/${trial.id}/reopen?${back}`} variant="outline" size="sm" preventScrollReset>
              Reabrir
            </LinkButton>
          ) : null}
          <LinkButton to={`/trials/${trial.id}/tasks/new?${back}`} variant="outline" size="sm" preventScrollReset>
            Nova tarefa
          </LinkButton>
        </div>
      ) : null}
      {staff && tasks.length ? (
        <section aria-labelledby="trial-tasks" className="mt-4">
          <h3 id="trial-tasks" className="text-sm font-semibold">
            Tarefas
          </h3>
          <ul className="mt-1 space-y-1 text-sm">
            {tasks.map((t) => (
              <li key={t.id}>
                {formatDay(t.dueAt)}
                {t.note ? ` · ${t.note}` : ""}
                {t.done ? " · Concluída" : " · Aberta"}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">Nenhum histórico encontrado</p>
      ) : (
        <ol className="mt-4 space-y-3 border-l-2 border-violet-200 pl-4" aria-label="Linha do tempo">
          {entries.map((entry, i) => (
            <li key={entry.id} className="relative">
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full border-2 border-white",
                  entry.status === WANTS_TO_ENROLL ? "bg-green-600" : "bg-violet-600",
                )}
              />
              <p className="text-sm font-semibold">
                {entry.outcome ? `Resultado: ${entry.outcome}${entry.lostReason ? ` (${entry.lostReason})` : ""}` : entry.status}
              </p>
              <p className="text-sm text-slate-700">
                <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt, timeZone)}</time>
              </p>
              {durations[i] ? <p className="text-xs text-slate-700">Duração: {durations[i]}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <DialogFooter>
        <LinkButton to={closeTo} variant="outline" preventScrollReset>
          Fechar
        </LinkButton>
      </DialogFooter>
    </RouteDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Histórico de Status" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
