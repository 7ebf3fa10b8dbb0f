import type { Route } from "./+types/class-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { deleteClass } from "~/domain/classes/service.server";
import { getClass } from "~/domain/classes/queries.server";
import { deleteDialogAction, deleteDialogLoader, type DeleteDialogSpec } from "~/server/forms.server";

const spec = (args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getClass(actor, args.params.id),
  remove: (actor) => deleteClass(actor, args.params.id),
  back: "/classes",
  errorTitle: "Erro ao excluir turma",
  success: "Turma excluída com sucesso",
});

export const loader = (args: Route.LoaderArgs) => deleteDialogLoader(args, spec(args));
export const action = (args: Route.ActionArgs) => deleteDialogAction(args, spec(args));

export default function ClassDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta turma? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
