import type { Route } from "./+types/branch-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { deleteBranch } from "~/domain/branches/service.server";
import { getBranch } from "~/domain/branches/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const branch = await orRespond(getBranch(actorOf(user), params.id));
  return { branch: { id: branch.id, name: branch.name } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  try {
    await deleteBranch(actorOf(user), params.id);
  } catch (error) {
    return deleteFailed(error, "Erro ao excluir unidade");
  }
  return redirectWithToast("/branches", { title: "Sucesso", description: "Unidade excluída com sucesso" });
}

export default function BranchDelete({ params, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja excluir esta unidade? Esta ação não pode ser desfeita."
      closeTo="/branches"
      action={`/branches/${params.id}/delete`}
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
