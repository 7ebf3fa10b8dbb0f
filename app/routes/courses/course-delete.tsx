import type { Route } from "./+types/course-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { deleteCourse } from "~/domain/courses/service.server";
import { getCourse } from "~/domain/courses/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  return { course: await orRespond(getCourse(actorOf(user), params.id)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  try {
    await deleteCourse(actorOf(user), params.id);
  } catch (error) {
    return deleteFailed(error, "Erro ao excluir curso");
  }
  return redirectWithToast("/courses", { title: "Sucesso", description: "Curso excluído com sucesso" });
}

export default function CourseDelete({ params, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja excluir este curso? Esta ação não pode ser desfeita."
      closeTo="/courses"
      action={`/courses/${params.id}/delete`}
      errors={actionData?.errors}
    />
  );
}

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Confirmar exclusão" }];
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
