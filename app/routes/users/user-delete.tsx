import type { Route } from "./+types/user-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManage } from "~/domain/actor";
import { usersListSearch, usersListUrl } from "~/domain/users/list-search";
import { deleteUser, getUser } from "~/domain/users/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManage,
    find: (actor) => getUser(actor, args.params.id),
    closeTo: usersListUrl(args.request.url),
    action: () => `/users/${args.params.id}/delete${usersListSearch(args.request.url)}`,
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManage,
    remove: (actor) => deleteUser(actor, args.params.id),
    errorTitle: "Erro ao excluir usuário",
    redirectTo: usersListUrl(args.request.url),
    success: "Usuário excluído com sucesso",
  });

export default function UserDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
