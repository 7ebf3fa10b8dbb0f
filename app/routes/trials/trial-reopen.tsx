import { useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/trial-reopen";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isStaff } from "~/domain/access/roles";
import { reopenTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { placeQuery, trialReturnPlace } from "./+shared/calendar-screen";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";

const viewUrl = (id: string, back: string) => `/trials/${id}/history?${back}`;
const confirmSchema = z.object({});

/** /trials/:id/reopen: 'Reabrir' a lost trial (a confirmation, then Post/Redirect/Get to the trial's view). */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const trial = await orRespond(getTrial(actor, args.params.id));
  const back = placeQuery(trialReturnPlace(new URL(args.request.url), trial.scheduledDate));
  return {
    trial: { id: trial.id, studentName: trial.studentName, guardianName: trial.guardianName, lostReason: trial.lostReason },
    closeTo: viewUrl(trial.id, back),
  };
}

export async function action(args: Route.ActionArgs) {
  const id = args.params.id;
  const url = new URL(args.request.url);
  return dialogAction(args, {
    permission: isStaff,
    load: (actor) => getTrial(actor, id),
    schema: confirmSchema,
    save: (_value, { actor }) => reopenTrial(actor, id),
    errorTitle: "Erro ao reabrir",
    redirectTo: (_value, trial) => viewUrl(trial.id, placeQuery(trialReturnPlace(url, trial.scheduledDate))),
    success: "Experimental reaberto",
  });
}

export default function TrialReopen({ loaderData }: Route.ComponentProps) {
  const { trial, closeTo } = loaderData;
  const location = useLocation();
  const [form] = useDialogForm({ id: `trial-reopen-${trial.id}`, schema: confirmSchema, defaultValue: {} });
  return (
    <FormDialog
      form={form}
      title="Reabrir experimental"
      description={`${trial.studentName} (${trial.guardianName})`}
      closeTo={closeTo}
      size="sm"
      action={location.pathname + location.search}
      submit="reopen"
    >
      <p className="text-sm">
        {trial.lostReason ? `Perdido por '${trial.lostReason}'. ` : null}O experimental volta a ficar aberto, sem motivo de perda.
      </p>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Reabrir experimental" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
