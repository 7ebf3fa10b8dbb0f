import { z } from "zod";
import type { Route } from "./+types/trial-reopen";
import { useDialogForm } from "~/components/ui/form-dialog";
import { reopenTrial } from "~/domain/trials/service.server";
import { TrialDialog } from "./+shared/trial-dialog";
import { loadTrialDialog, trialDialogAction } from "./+shared/trial-dialog.server";

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
  return trialDialogAction(args, {
    schema: confirmSchema,
    save: (_value, actor, trial) => reopenTrial(actor, trial.id),
    errorTitle: "Erro ao reabrir",
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
