import type { Route } from "./+types/trial-status";
import { StatusOptions } from "~/components/trial-block";
import { RouteDialog } from "~/components/ui/dialog";
import { canManageTrials } from "~/domain/actor";
import { monthOrCurrent } from "~/domain/calendar/dates";
import { trialsUrl } from "./+shared/calendar-screen";
import { getTrial } from "~/domain/trials/queries.server";
import { orRespond } from "~/server/forms.server";
import { actorOf, requirePermission } from "~/server/session.server";

/**
 * /trials/:id/status — the quick status change as a small dialog, for browsers
 * without JavaScript (with JavaScript the block opens the same options in place).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(context, canManageTrials);
  const trial = await orRespond(getTrial(actorOf(user), params.id));
  const month = monthOrCurrent(new URL(request.url).searchParams.get("month") ?? trial.scheduledDate.slice(0, 7));
  return { trial: { id: trial.id, studentName: trial.studentName, guardianName: trial.guardianName, status: trial.status }, month };
}

export default function TrialStatus({ loaderData }: Route.ComponentProps) {
  const { trial, month } = loaderData;
  return (
    <RouteDialog title="Alterar status" description={`${trial.studentName} (${trial.guardianName})`} closeTo={trialsUrl(month)} size="sm">
      <StatusOptions trial={trial} month={month} current={trial.status} />
    </RouteDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Alterar status" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
