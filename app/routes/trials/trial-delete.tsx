import type { Route } from "./+types/trial-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isStaff } from "~/domain/access/roles";
import { placeQuery, returnPlace, returnUrl, type CalendarPlace } from "./+shared/calendar-screen";
import { deleteTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { deleteDialogRoute, type DeleteDialogSpec } from "~/server/forms.server";

const dialog = deleteDialogRoute(
  (args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec<{ id: string; place: CalendarPlace | null }> => {
    const url = new URL(args.request.url);
    return {
      permission: isStaff,
      // The calendar's place to go back to: the URL's, else the trial's month.
      find: async (actor) => ({ id: args.params.id, place: returnPlace(url, (await getTrial(actor, args.params.id)).scheduledDate) }),
      closeTo: ({ place }) => returnUrl(place),
      action: ({ id, place }) => `/trials/${id}/delete${place ? `?${placeQuery(place)}` : ""}`,
      remove: (actor) => deleteTrial(actor, args.params.id),
      back: returnUrl(returnPlace(url)),
      errorTitle: "Erro ao remover",
      success: "Experimental removido",
    };
  },
);
export const loader = dialog.loader;
export const action = dialog.action;

export default function TrialDelete() {
  return (
    <DeleteDialog
      text="Tem certeza que deseja remover este experimental? Esta ação não pode ser desfeita."
      confirmLabel="Confirmar"
      pendingLabel="Removendo..."
    />
  );
}

export { ErrorBoundary, meta } from "~/components/confirm-delete-dialog";
