import type { Route } from "./+types/schedule-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManage, type Actor } from "~/domain/actor";
import { getBranchClassroom } from "~/domain/classrooms/service.server";
import { deleteSchedule, getClassroomSchedule } from "~/domain/schedules/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManage,
    find: (actor) => findSchedule(actor, args.params),
    closeTo: `/branches/${args.params.id}/classrooms`,
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManage,
    remove: async (actor) => {
      await findSchedule(actor, args.params);
      await deleteSchedule(actor, args.params.scheduleId);
    },
    errorTitle: "Erro ao excluir horário",
    redirectTo: `/branches/${args.params.id}/classrooms`,
    success: "Horário excluído com sucesso",
  });

/** The schedule, only under its own classroom and branch (404 otherwise). */
async function findSchedule(actor: Actor, params: { id: string; classroomId: string; scheduleId: string }) {
  await getBranchClassroom(actor, params.id, params.classroomId);
  return getClassroomSchedule(actor, params.classroomId, params.scheduleId);
}

export default function ScheduleDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir este horário? Esta ação não pode ser desfeita." nested />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
