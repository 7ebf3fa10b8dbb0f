import type { Route } from "./+types/classroom-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { deleteClassroom } from "~/domain/classrooms/service.server";
import { getBranchClassroom } from "~/domain/classrooms/queries.server";
import { deleteDialogRoute, deletionWords, type DeleteDialogSpec } from "~/server/forms.server";

const dialog = deleteDialogRoute((args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getBranchClassroom(actor, args.params.id, args.params.classroomId),
  remove: async (actor) => {
    await getBranchClassroom(actor, args.params.id, args.params.classroomId);
    await deleteClassroom(actor, args.params.classroomId);
  },
  back: `/branches/${args.params.id}/classrooms`,
  ...deletionWords("esta sala"),
}));
export const loader = dialog.loader;
export const action = dialog.action;

export default function ClassroomDelete() {
  return <DeleteDialog nested />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
