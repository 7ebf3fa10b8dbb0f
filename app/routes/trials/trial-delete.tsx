import type { Route } from "./+types/trial-delete";
import { DialogError } from "~/components/route-error";
import { ConfirmDeleteDialog } from "~/components/confirm-delete-dialog";
import { useActionToast } from "~/components/ui/toaster";
import { canManageTrials } from "~/domain/actor";
import { returnMonth, trialsUrl } from "./calendar-screen";
import { deleteTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { deleteFailed, orRespond } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManageTrials);
  const trial = await orRespond(getTrial(actorOf(user), params.id));
  const url = new URL(request.url);
  const month = returnMonth(url, trial.scheduledDate);
  return { closeTo: trialsUrl(month), action: `/trials/${trial.id}/delete${month ? `?month=${month}` : ""}` };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManageTrials);
  const url = new URL(request.url);
  try {
    await deleteTrial(actorOf(user), params.id);
  } catch (error) {
    return deleteFailed(error, "Erro ao remover");
  }
  return redirectWithToast(trialsUrl(returnMonth(url)), { title: "Sucesso", description: "Experimental removido" });
}

export default function TrialDelete({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <ConfirmDeleteDialog
      text="Tem certeza que deseja remover este experimental? Esta ação não pode ser desfeita."
      closeTo={loaderData.closeTo}
      action={loaderData.action}
      confirmLabel="Confirmar"
      pendingLabel="Removendo..."
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
