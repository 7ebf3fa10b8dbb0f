import type { Route } from "./+types/user-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { usersListSearch, usersListUrl } from "./list-search";
import { deleteUser } from "~/domain/users/service.server";
import { getUser } from "~/domain/users/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  await orRespond(getUser(actorOf(user), params.id));
  return { closeTo: usersListUrl(request.url), search: usersListSearch(request.url) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  try {
    await deleteUser(actorOf(user), params.id);
  } catch (error) {
    return deleteFailed(error, "Erro ao excluir usuário");
  }
  return redirectWithToast(usersListUrl(request.url), { title: "Sucesso", description: "Usuário excluído com sucesso" });
}

export default function UserDelete({ params, loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita."
      closeTo={loaderData.closeTo}
      action={`/users/${params.id}/delete${loaderData.search}`}
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
