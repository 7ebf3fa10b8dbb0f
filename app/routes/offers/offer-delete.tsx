import { isAdmin } from "~/domain/access/roles";
import { deleteOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { deleteRecordDialog } from "~/server/forms.server";

const dialog = deleteRecordDialog({ permission: isAdmin, find: getOffer, remove: deleteOffer, back: "/offers", record: "esta oferta" });
export const loader = dialog.loader;
export const action = dialog.action;

export { DeleteDialog as default, ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
