import type { Route } from "./+types/person-delete";
import { isAdmin } from "~/domain/access/roles";
import { deleteGuardianPerson } from "~/domain/guardians/service.server";
import { getPersonOfGuardian } from "~/domain/guardians/queries.server";
import { deleteDialogRoute, type DeleteDialogSpec } from "~/server/forms.server";

/** /guardians/:id/persons/:personId/delete. The service refuses the primary and the last person (409). */
const dialog = deleteDialogRoute((args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getPersonOfGuardian(actor, args.params.id, args.params.personId),
  remove: async (actor) => {
    await getPersonOfGuardian(actor, args.params.id, args.params.personId);
    await deleteGuardianPerson(actor, args.params.personId);
  },
  back: `/guardians/${args.params.id}/persons${new URL(args.request.url).search}`,
  text: "Tem certeza que deseja excluir esta pessoa? Esta ação não pode ser desfeita.",
  errorTitle: "Erro ao remover",
  success: "Pessoa removida",
}));
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
