import { isAdmin } from "~/domain/access/roles";
import { deleteClass } from "~/domain/classes/service.server";
import { getClass } from "~/domain/classes/queries.server";
import { deleteRecordDialog } from "~/server/forms.server";

const dialog = deleteRecordDialog({ permission: isAdmin, find: getClass, remove: deleteClass, back: "/classes", record: "esta turma" });
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
