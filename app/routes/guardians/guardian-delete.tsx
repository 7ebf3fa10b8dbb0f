import { useLocation } from "react-router";
import type { Route } from "./+types/guardian-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { deleteGuardian } from "~/domain/guardians/service.server";
import { getGuardian } from "~/domain/guardians/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const guardian = await orRespond(getGuardian(actorOf(user), params.id));
  return { guardian: { id: guardian.id } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  try {
    await deleteGuardian(actorOf(user), params.id);
  } catch (error) {
    return deleteFailed(error, "Erro ao remover");
  }
  const { search } = new URL(request.url);
  return redirectWithToast(`/guardians${search}`, { title: "Sucesso", description: "Responsável removido" });
}

export default function GuardianDelete({ params, actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja excluir este responsável? Esta ação não pode ser desfeita."
      closeTo={`/guardians${search}`}
      action={`/guardians/${params.id}/delete${search}`}
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
