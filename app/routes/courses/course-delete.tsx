import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { deleteCourse } from "~/domain/courses/service.server";
import { getCourse } from "~/domain/courses/queries.server";
import { deleteRecordDialog } from "~/server/forms.server";

const dialog = deleteRecordDialog({
  permission: isAdmin,
  find: getCourse,
  remove: deleteCourse,
  back: "/courses",
  errorTitle: "Erro ao excluir curso",
  success: "Curso excluído com sucesso",
});
export const loader = dialog.loader;
export const action = dialog.action;

export default function CourseDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir este curso? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
