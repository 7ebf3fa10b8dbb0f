import { z } from "zod";
import type { Route } from "./+types/trial-reopen";
import { useDialogForm } from "~/components/ui/form-dialog";
import { isStaff } from "~/domain/access/roles";
import { reopenTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { placeQuery, trialReturnPlace } from "./+shared/calendar-screen";
import { TrialDialog } from "./+shared/trial-dialog";
import { loadTrialDialog, trialViewUrl as viewUrl } from "./+shared/trial-dialog.server";
import { dialogAction } from "~/server/forms.server";

const confirmSchema = z.object({});

/** /trials/:id/reopen: 'Reabrir' a lost trial (a confirmation, then Post/Redirect/Get to the trial's view). */
export async function loader(args: Route.LoaderArgs) {
  const { trial, closeTo } = await loadTrialDialog(args);
  return {
    trial: { id: trial.id, studentName: trial.studentName, guardianName: trial.guardianName, lostReason: trial.lostReason },
    closeTo,
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
  const [form] = useDialogForm({ id: `trial-reopen-${trial.id}`, schema: confirmSchema, defaultValue: {} });
  return (
    <TrialDialog form={form} trial={trial} title="Reabrir experimental" closeTo={closeTo} submit="reopen">
      <p className="text-sm">
        {trial.lostReason ? `Perdido por '${trial.lostReason}'. ` : null}O experimental volta a ficar aberto, sem motivo de perda.
      </p>
    </TrialDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Reabrir experimental" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
