import type { Route } from "./+types/branch-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { deleteBranch } from "~/domain/branches/service.server";
import { getBranch } from "~/domain/branches/queries.server";
import { deleteDialogAction, deleteDialogLoader, type DeleteDialogSpec } from "~/server/forms.server";

const spec = (args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getBranch(actor, args.params.id),
  remove: (actor) => deleteBranch(actor, args.params.id),
  back: "/branches",
  errorTitle: "Erro ao excluir unidade",
  success: "Unidade excluída com sucesso",
});

export const loader = (args: Route.LoaderArgs) => deleteDialogLoader(args, spec(args));
export const action = (args: Route.ActionArgs) => deleteDialogAction(args, spec(args));

export default function BranchDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta unidade? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
