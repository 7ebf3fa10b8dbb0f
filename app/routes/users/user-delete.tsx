import type { Route } from "./+types/user-delete";
import { isAdmin } from "~/domain/access/roles";
import { usersListSearch, usersListUrl } from "./+shared/list-search";
import { deleteUser } from "~/domain/users/service.server";
import { getUser } from "~/domain/users/queries.server";
import { deleteDialogRoute, deletionWords, type DeleteDialogSpec } from "~/server/forms.server";

const dialog = deleteDialogRoute((args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getUser(actor, args.params.id),
  remove: (actor) => deleteUser(actor, args.params.id),
  back: usersListUrl(args.request.url),
  action: () => `/users/${args.params.id}/delete${usersListSearch(args.request.url)}`,
  ...deletionWords("este usuário"),
}));
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
