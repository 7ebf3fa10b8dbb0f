import type { Route } from "./+types/offer-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { deleteOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { deleteDialogAction, deleteDialogLoader, type DeleteDialogSpec } from "~/server/forms.server";

const spec = (args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec => ({
  permission: isAdmin,
  find: (actor) => getOffer(actor, args.params.id),
  remove: (actor) => deleteOffer(actor, args.params.id),
  back: "/offers",
  errorTitle: "Erro ao excluir oferta",
  success: "Oferta excluída com sucesso",
});

export const loader = (args: Route.LoaderArgs) => deleteDialogLoader(args, spec(args));
export const action = (args: Route.ActionArgs) => deleteDialogAction(args, spec(args));

export default function OfferDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta oferta? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
