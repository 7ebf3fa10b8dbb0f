import { useLocation } from "react-router";
import type { Route } from "./+types/person-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { deleteGuardianPerson } from "~/domain/guardians/service.server";
import { getPersonOfGuardian } from "~/domain/guardians/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

/** /guardians/:id/persons/:personId/delete. The service refuses the primary and the last person (409). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const person = await orRespond(getPersonOfGuardian(actorOf(user), params.id, params.personId));
  return { person: { id: person.id } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  try {
    await getPersonOfGuardian(actorOf(user), params.id, params.personId);
    await deleteGuardianPerson(actorOf(user), params.personId);
  } catch (error) {
    return deleteFailed(error, "Erro ao remover");
  }
  const { search } = new URL(request.url);
  return redirectWithToast(`/guardians/${params.id}/persons${search}`, { title: "Sucesso", description: "Pessoa removida" });
}

export default function PersonDelete({ params, actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja excluir esta pessoa? Esta ação não pode ser desfeita."
      closeTo={`/guardians/${params.id}/persons${search}`}
      action={`/guardians/${params.id}/persons/${params.personId}/delete${search}`}
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
