import type { Route } from "./+types/classroom-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { deleteClassroom } from "~/domain/classrooms/service.server";
import { getBranchClassroom } from "~/domain/classrooms/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const classroom = await orRespond(getBranchClassroom(actorOf(user), params.id, params.classroomId));
  return { classroom: { id: classroom.id, name: classroom.name } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  const actor = actorOf(user);
  try {
    await getBranchClassroom(actor, params.id, params.classroomId);
    await deleteClassroom(actor, params.classroomId);
  } catch (error) {
    return deleteFailed(error, "Erro ao excluir sala");
  }
  return redirectWithToast(`/branches/${params.id}/classrooms`, { title: "Sucesso", description: "Sala excluída com sucesso" });
}

export default function ClassroomDelete({ params, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja excluir esta sala? Esta ação não pode ser desfeita."
      closeTo={`/branches/${params.id}/classrooms`}
      action={`/branches/${params.id}/classrooms/${params.classroomId}/delete`}
      errors={actionData?.errors}
      nested
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
