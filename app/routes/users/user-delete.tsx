import type { Route } from "./+types/user-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { usersListSearch, usersListUrl } from "./+shared/list-search";
import { deleteUser } from "~/domain/users/service.server";
import { getUser } from "~/domain/users/queries.server";
import { deleteDialogRoute, type DeleteDialogSpec } from "~/server/forms.server";

const dialog = deleteDialogRoute((args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getUser(actor, args.params.id),
  remove: (actor) => deleteUser(actor, args.params.id),
  back: usersListUrl(args.request.url),
  action: () => `/users/${args.params.id}/delete${usersListSearch(args.request.url)}`,
  errorTitle: "Erro ao excluir usuário",
  success: "Usuário excluído com sucesso",
}));
export const loader = dialog.loader;
export const action = dialog.action;

export default function UserDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
