import type { Route } from "./+types/trial-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManageTrials } from "~/domain/actor";
import { returnMonth, trialsUrl } from "~/domain/trials/calendar";
import { deleteTrial, getTrial } from "~/domain/trials/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManageTrials,
    find: async (actor) => {
      const trial = await getTrial(actor, args.params.id);
      return { id: trial.id, month: returnMonth(new URL(args.request.url), trial.scheduledDate) };
    },
    closeTo: ({ month }) => trialsUrl(month),
    action: ({ id, month }) => `/trials/${id}/delete${month ? `?month=${month}` : ""}`,
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManageTrials,
    remove: (actor) => deleteTrial(actor, args.params.id),
    errorTitle: "Erro ao remover",
    redirectTo: trialsUrl(returnMonth(new URL(args.request.url))),
    success: "Experimental removido",
  });

export default function TrialDelete() {
  return (
    <DeleteDialog
      text="Tem certeza que deseja remover este experimental? Esta ação não pode ser desfeita."
      confirmLabel="Confirmar"
      pendingLabel="Removendo..."
    />
  );
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
