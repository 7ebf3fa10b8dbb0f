import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isAdmin } from "~/domain/access/roles";
import { deleteOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { deleteRecordDialog } from "~/server/forms.server";

const dialog = deleteRecordDialog({
  permission: isAdmin,
  find: getOffer,
  remove: deleteOffer,
  back: "/offers",
  errorTitle: "Erro ao excluir oferta",
  success: "Oferta excluída com sucesso",
});
export const loader = dialog.loader;
export const action = dialog.action;

export default function OfferDelete() {
  return <DeleteDialog text="Tem certeza que deseja excluir esta oferta? Esta ação não pode ser desfeita." />;
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
