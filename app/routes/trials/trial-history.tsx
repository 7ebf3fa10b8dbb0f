import type { Route } from "./+types/trial-history";
import { LinkButton } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { trialAnchorUrl, trialReturnPlace } from "./+shared/calendar-screen";
import { entryDurations, formatDateTime, totalCycle } from "~/domain/trials/durations";
import { WANTS_TO_ENROLL } from "~/domain/trials/constants";
import { schoolTimeZone } from "~/domain/calendar/dates";
import { getTrial, getTrialHistory } from "~/domain/trials/queries.server";
import { cn } from "~/lib/cn";
import { orRespond } from "~/server/forms.server";
import { actorOf, requireUser } from "~/server/session.server";

/** /trials/:id/history: reading a trial's history is open to every signed-in user. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const actor = actorOf(user);
  const [trial, entries] = await orRespond(() => Promise.all([getTrial(actor, params.id), getTrialHistory(actor, params.id)]));
  return {
    trial: { studentName: trial.studentName, guardianName: trial.guardianName, status: trial.status },
    entries,
    // Back to the calendar's place, scrolled to the trial.
    closeTo: trialAnchorUrl(trialReturnPlace(new URL(request.url), trial.scheduledDate), trial.id),
    // The browser formats the times too (hydration): in the school's zone, not its own.
    timeZone: schoolTimeZone(),
  };
}

export default function TrialHistory({ loaderData }: Route.ComponentProps) {
  const { trial, entries, closeTo, timeZone } = loaderData;
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
      </dl>
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
              <p className="text-sm font-semibold">{entry.status}</p>
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
