import type { Route } from "./+types/offer-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { deleteOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const offer = await orRespond(getOffer(actorOf(user), params.id));
  return { offer: { id: offer.id, name: offer.name } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  try {
    await deleteOffer(actorOf(user), params.id);
  } catch (error) {
    return deleteFailed(error, "Erro ao excluir oferta");
  }
  return redirectWithToast("/offers", { title: "Sucesso", description: "Oferta excluída com sucesso" });
}

export default function OfferDelete({ params, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja excluir esta oferta? Esta ação não pode ser desfeita."
      closeTo="/offers"
      action={`/offers/${params.id}/delete`}
      errors={actionData?.errors}
    />
  );
}

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Confirmar exclusão" }];
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
