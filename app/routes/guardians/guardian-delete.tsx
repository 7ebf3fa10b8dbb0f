import type { Route } from "./+types/guardian-delete";
import { isAdmin } from "~/domain/access/roles";
import { deleteGuardian } from "~/domain/guardians/service.server";
import { getGuardian } from "~/domain/guardians/queries.server";
import { deleteDialogRoute, type DeleteDialogSpec } from "~/server/forms.server";

const dialog = deleteDialogRoute((args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getGuardian(actor, args.params.id),
  remove: (actor) => deleteGuardian(actor, args.params.id),
  back: `/guardians${new URL(args.request.url).search}`,
  text: "Tem certeza que deseja excluir este responsável? Esta ação não pode ser desfeita.",
  errorTitle: "Erro ao remover",
  success: "Responsável removido",
}));
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
