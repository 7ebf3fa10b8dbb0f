import type { Route } from "./+types/course-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { deleteCourse } from "~/domain/courses/service.server";
import { getCourse } from "~/domain/courses/queries.server";
import { deleteDialogAction, deleteDialogLoader, type DeleteDialogSpec } from "~/server/forms.server";

const spec = (args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getCourse(actor, args.params.id),
  remove: (actor) => deleteCourse(actor, args.params.id),
  back: "/courses",
  errorTitle: "Erro ao excluir curso",
  success: "Curso excluído com sucesso",
});

export const loader = (args: Route.LoaderArgs) => deleteDialogLoader(args, spec(args));
export const action = (args: Route.ActionArgs) => deleteDialogAction(args, spec(args));

export default function CourseDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir este curso? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
