import type { Route } from "./+types/guardian-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManage } from "~/domain/actor";
import { deleteGuardian, getGuardian } from "~/domain/guardians/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManage,
    find: (actor) => getGuardian(actor, args.params.id),
    closeTo: `/guardians${new URL(args.request.url).search}`,
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManage,
    remove: (actor) => deleteGuardian(actor, args.params.id),
    errorTitle: "Erro ao remover",
    redirectTo: `/guardians${new URL(args.request.url).search}`,
    success: "Responsável removido",
  });

export default function GuardianDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir este responsável? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
