import type { Route } from "./+types/offer-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { canManage } from "~/domain/actor";
import { deleteOffer, getOffer } from "~/domain/offers/service.server";
import { deleteDialogAction, deleteDialogLoader } from "~/lib/forms.server";

export const loader = (args: Route.LoaderArgs) =>
  deleteDialogLoader(args, {
    permission: canManage,
    find: (actor) => getOffer(actor, args.params.id),
    closeTo: "/offers",
  });

export const action = (args: Route.ActionArgs) =>
  deleteDialogAction(args, {
    permission: canManage,
    remove: (actor) => deleteOffer(actor, args.params.id),
    errorTitle: "Erro ao excluir oferta",
    redirectTo: "/offers",
    success: "Oferta excluída com sucesso",
  });

export default function OfferDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta oferta? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
