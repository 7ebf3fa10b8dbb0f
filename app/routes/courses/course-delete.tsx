import { isAdmin } from "~/domain/access/roles";
import { deleteCourse } from "~/domain/courses/service.server";
import { getCourse } from "~/domain/courses/queries.server";
import { deleteRecordDialog } from "~/server/forms.server";

const dialog = deleteRecordDialog({ permission: isAdmin, find: getCourse, remove: deleteCourse, back: "/courses", record: "este curso" });
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
