import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { deleteClass } from "~/domain/classes/service.server";
import { getClass } from "~/domain/classes/queries.server";
import { deleteRecordDialog } from "~/server/forms.server";

const dialog = deleteRecordDialog({
  permission: isAdmin,
  find: getClass,
  remove: deleteClass,
  back: "/classes",
  errorTitle: "Erro ao excluir turma",
  success: "Turma excluída com sucesso",
});
export const loader = dialog.loader;
export const action = dialog.action;

export default function ClassDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta turma? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
