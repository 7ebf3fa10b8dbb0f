import type { Route } from "./+types/class-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { deleteClass } from "~/domain/classes/service.server";
import { getClass } from "~/domain/classes/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  return { cls: await orRespond(getClass(actorOf(user), params.id)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  try {
    await deleteClass(actorOf(user), params.id);
  } catch (error) {
    return deleteFailed(error, "Erro ao excluir turma");
  }
  return redirectWithToast("/classes", { title: "Sucesso", description: "Turma excluída com sucesso" });
}

export default function ClassDelete({ params, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja excluir esta turma? Esta ação não pode ser desfeita."
      closeTo="/classes"
      action={`/classes/${params.id}/delete`}
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
