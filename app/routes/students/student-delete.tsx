import type { Route } from "./+types/student-delete";
import { isAdmin } from "~/domain/access/roles";
import { getStudent } from "~/domain/students/queries.server";
import { deleteStudent } from "~/domain/students/service.server";
import { deleteDialogRoute, type DeleteDialogSpec } from "~/server/forms.server";

/** /students/:id/delete (Administrator): refused with 409 while the student has enrolments. */
const dialog = deleteDialogRoute((args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getStudent(actor, args.params.id),
  remove: (actor) => deleteStudent(actor, args.params.id),
  back: "/students",
  closeTo: () => `/students/${args.params.id}`,
  text: "Tem certeza que deseja excluir este aluno? Esta ação não pode ser desfeita.",
  errorTitle: "Erro ao excluir aluno",
  success: "Aluno removido",
}));
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
