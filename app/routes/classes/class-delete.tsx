import type { Route } from "./+types/class-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManage } from "~/domain/actor";
import { deleteClass, getClass } from "~/domain/classes/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManage,
    find: (actor) => getClass(actor, args.params.id),
    closeTo: "/classes",
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManage,
    remove: (actor) => deleteClass(actor, args.params.id),
    errorTitle: "Erro ao excluir turma",
    redirectTo: "/classes",
    success: "Turma excluída com sucesso",
  });

export default function ClassDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta turma? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
