import { isAdmin } from "~/domain/access/roles";
import { deleteBranch } from "~/domain/branches/service.server";
import { getBranch } from "~/domain/branches/queries.server";
import { deleteRecordDialog } from "~/server/forms.server";

const dialog = deleteRecordDialog({
  permission: isAdmin,
  find: getBranch,
  remove: deleteBranch,
  back: "/branches",
  record: "esta unidade",
});
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
