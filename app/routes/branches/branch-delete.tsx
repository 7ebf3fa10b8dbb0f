import type { Route } from "./+types/branch-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManage } from "~/domain/actor";
import { deleteBranch, getBranch } from "~/domain/branches/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManage,
    find: (actor) => getBranch(actor, args.params.id),
    closeTo: "/branches",
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManage,
    remove: (actor) => deleteBranch(actor, args.params.id),
    errorTitle: "Erro ao excluir unidade",
    redirectTo: "/branches",
    success: "Unidade excluída com sucesso",
  });

export default function BranchDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta unidade? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
