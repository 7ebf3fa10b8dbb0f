import type { Route } from "./+types/schedule-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { getBranchClassroom } from "~/domain/classrooms/queries.server";
import { deleteSchedule } from "~/domain/schedules/service.server";
import { getClassroomSchedule } from "~/domain/schedules/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const actor = actorOf(user);
  await orRespond(getBranchClassroom(actor, params.id, params.classroomId));
  const schedule = await orRespond(getClassroomSchedule(actor, params.classroomId, params.scheduleId));
  return { schedule: { id: schedule.id } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  const actor = actorOf(user);
  try {
    await getBranchClassroom(actor, params.id, params.classroomId);
    await getClassroomSchedule(actor, params.classroomId, params.scheduleId);
    await deleteSchedule(actor, params.scheduleId);
  } catch (error) {
    return deleteFailed(error, "Erro ao excluir horário");
  }
  return redirectWithToast(`/branches/${params.id}/classrooms`, {
    title: "Sucesso",
    description: "Horário excluído com sucesso",
  });
}

export default function ScheduleDelete({ params, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja excluir este horário? Esta ação não pode ser desfeita."
      closeTo={`/branches/${params.id}/classrooms`}
      action={`/branches/${params.id}/classrooms/${params.classroomId}/schedules/${params.scheduleId}/delete`}
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
