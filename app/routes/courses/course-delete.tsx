import { deleteCourse } from "~/domain/courses/service.server";
import { courseDialogs } from "./+shared/course-dialogs.server";

const dialog = courseDialogs.remove(deleteCourse);
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
