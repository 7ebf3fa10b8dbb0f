import type { Route } from "./+types/person-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManage } from "~/domain/actor";
import { deleteGuardianPerson, getPersonOfGuardian } from "~/domain/guardians/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

/** /guardians/:id/persons/:personId/delete. The service refuses the primary and the last person (409). */
export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManage,
    find: (actor) => getPersonOfGuardian(actor, args.params.id, args.params.personId),
    closeTo: `/guardians/${args.params.id}/persons${new URL(args.request.url).search}`,
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManage,
    remove: async (actor) => {
      await getPersonOfGuardian(actor, args.params.id, args.params.personId);
      await deleteGuardianPerson(actor, args.params.personId);
    },
    errorTitle: "Erro ao remover",
    redirectTo: `/guardians/${args.params.id}/persons${new URL(args.request.url).search}`,
    success: "Pessoa removida",
  });

export default function PersonDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta pessoa? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
