import { deleteBranch } from "~/domain/branches/service.server";
import { branchDialogs } from "./+shared/branch-dialogs.server";

const dialog = branchDialogs.remove(deleteBranch);
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
