import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { deleteBranch } from "~/domain/branches/service.server";
import { getBranch } from "~/domain/branches/queries.server";
import { deleteRecordDialog } from "~/server/forms.server";

const dialog = deleteRecordDialog({
  permission: isAdmin,
  find: getBranch,
  remove: deleteBranch,
  back: "/branches",
  errorTitle: "Erro ao excluir unidade",
  success: "Unidade excluída com sucesso",
});
export const loader = dialog.loader;
export const action = dialog.action;

export default function BranchDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta unidade? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
