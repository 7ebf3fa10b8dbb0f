import type { Route } from "./+types/course-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManage } from "~/domain/actor";
import { deleteCourse, getCourse } from "~/domain/courses/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManage,
    find: (actor) => getCourse(actor, args.params.id),
    closeTo: "/courses",
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManage,
    remove: (actor) => deleteCourse(actor, args.params.id),
    errorTitle: "Erro ao excluir curso",
    redirectTo: "/courses",
    success: "Curso excluído com sucesso",
  });

export default function CourseDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir este curso? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
