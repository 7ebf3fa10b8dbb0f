import type { Route } from "./+types/schedule-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin, type Actor } from "~/domain/access/roles";
import { getBranchClassroom } from "~/domain/classrooms/queries.server";
import { deleteSchedule } from "~/domain/schedules/service.server";
import { getClassroomSchedule } from "~/domain/schedules/queries.server";
import { deleteDialogRoute, deletionWords, type DeleteDialogSpec } from "~/server/forms.server";

const dialog = deleteDialogRoute((args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => {
  const { id, classroomId, scheduleId } = args.params;
  // The schedule, only under its own classroom and branch (404 otherwise).
  const find = async (actor: Actor) => {
    await getBranchClassroom(actor, id, classroomId);
    return getClassroomSchedule(actor, classroomId, scheduleId);
  };
  return {
    permission: isAdmin,
    find,
    remove: async (actor) => {
      await find(actor);
      await deleteSchedule(actor, scheduleId);
    },
    back: `/branches/${id}/classrooms`,
    ...deletionWords("este horário"),
  };
});
export const loader = dialog.loader;
export const action = dialog.action;

export default function ScheduleDelete() {
  return <DeleteDialog nested />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
