import type { Route } from "./+types/classroom-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManage } from "~/domain/actor";
import { deleteClassroom, getBranchClassroom } from "~/domain/classrooms/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManage,
    find: (actor) => getBranchClassroom(actor, args.params.id, args.params.classroomId),
    closeTo: `/branches/${args.params.id}/classrooms`,
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManage,
    remove: async (actor) => {
      await getBranchClassroom(actor, args.params.id, args.params.classroomId);
      await deleteClassroom(actor, args.params.classroomId);
    },
    errorTitle: "Erro ao excluir sala",
    redirectTo: `/branches/${args.params.id}/classrooms`,
    success: "Sala excluída com sucesso",
  });

export default function ClassroomDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta sala? Esta ação não pode ser desfeita." nested />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
