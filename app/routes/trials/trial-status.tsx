import type { Route } from "./+types/trial-status";
import { StatusOptions } from "~/components/trial-block";
import { RouteDialog } from "~/components/ui/dialog";
import { isStaff } from "~/domain/access/roles";
import { placeQuery, trialAnchorUrl, trialReturnPlace } from "./+shared/calendar-screen";
import { getTrial } from "~/domain/trials/queries.server";
import { orRespond, screenActor } from "~/server/forms.server";

/**
 * /trials/:id/status — the quick status change as a small dialog, for browsers
 * without JavaScript (with JavaScript the block opens the same options in place).
 * Choosing a status, or closing, goes back to the calendar's place (the URL's
 * `?view=&date=` or `?month=`, else the trial's month) scrolled to the trial.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const trial = await orRespond(getTrial(await screenActor(args, isStaff), params.id));
  const place = trialReturnPlace(new URL(request.url), trial.scheduledDate);
  return {
    trial: { id: trial.id, studentName: trial.studentName, guardianName: trial.guardianName, status: trial.status },
    back: placeQuery(place),
    closeTo: trialAnchorUrl(place, trial.id),
  };
}

export default function TrialStatus({ loaderData }: Route.ComponentProps) {
  const { trial, back, closeTo } = loaderData;
  return (
    <RouteDialog title="Alterar status" description={`${trial.studentName} (${trial.guardianName})`} closeTo={closeTo} size="sm">
      <StatusOptions trial={trial} back={back} current={trial.status} />
    </RouteDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Alterar status" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
