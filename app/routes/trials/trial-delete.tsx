import type { Route } from "./+types/trial-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManageTrials } from "~/domain/actor";
import { returnMonth, trialsUrl } from "./+shared/calendar-screen";
import { deleteTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { deleteDialogAction, deleteDialogLoader, type DeleteDialogSpec } from "~/server/forms.server";

const spec = (args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec<{ id: string; month: string | null }> => {
  const url = new URL(args.request.url);
  return {
    permission: canManageTrials,
    // The month to go back to: the URL's, else the trial's own.
    find: async (actor) => ({ id: args.params.id, month: returnMonth(url, (await getTrial(actor, args.params.id)).scheduledDate) }),
    closeTo: ({ month }) => trialsUrl(month),
    action: ({ id, month }) => `/trials/${id}/delete${month ? `?month=${month}` : ""}`,
    remove: (actor) => deleteTrial(actor, args.params.id),
    back: trialsUrl(returnMonth(url)),
    errorTitle: "Erro ao remover",
    success: "Experimental removido",
  };
};

export const loader = (args: Route.LoaderArgs) => deleteDialogLoader(args, spec(args));
export const action = (args: Route.ActionArgs) => deleteDialogAction(args, spec(args));

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
