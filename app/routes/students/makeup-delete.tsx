import { useLoaderData } from "react-router";
import type { Route } from "./+types/makeup-delete";
import { DeleteDialog } from "~/components/confirm-delete-dialog";
import { isStaff, type Actor } from "~/domain/access/roles";
import { studentAttendance } from "~/domain/attendance/queries.server";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { BOOKED, CANCEL_ONLY_BOOKED, MAKEUP_NOT_FOUND } from "~/domain/attendance/makeups/schema";
import { deleteMakeup } from "~/domain/attendance/makeups/service.server";
import { deleteDialogAction, orRespond, screenActor, type DeleteDialogData, type DeleteDialogSpec } from "~/server/forms.server";
import { formatDay } from "~/domain/calendar/dates";
import type { PromotionDTO } from "~/domain/enrollments/schema";
import { withPromotions } from "~/features/enrollments/enroll-form.server";

/**
 * /students/:id/makeups/:makeupId/delete (Team and Administrator): cancels a
 * booked make-up of one of the student's absences; the place in that session
 * is freed and the absence can be made up again.
 */
async function findMakeup(actor: Actor, studentId: string, makeupId: string) {
  const attendance = await studentAttendance(actor, studentId);
  const absence = attendance.absences.find((a) => a.makeup?.id === makeupId);
  if (!absence?.makeup) throw new NotFoundError(MAKEUP_NOT_FOUND);
  // The service refuses the others too; the dialog says so before asking.
  if (absence.makeup.status !== BOOKED) throw new ConflictError(CANCEL_ONLY_BOOKED);
  return { ...absence.makeup, absenceDate: absence.date };
}

const spec = (args: Route.LoaderArgs | Route.ActionArgs): DeleteDialogSpec<Awaited<ReturnType<typeof findMakeup>>, PromotionDTO[]> => ({
  permission: isStaff,
  find: (actor) => findMakeup(actor, args.params.id, args.params.makeupId),
  remove: async (actor) => {
    await findMakeup(actor, args.params.id, args.params.makeupId);
    // The freed place may go to the class's waiting list: the toast names who took it.
    const promoted: PromotionDTO[] = [];
    await deleteMakeup(actor, args.params.makeupId, promoted);
    return promoted;
  },
  back: `/students/${args.params.id}`,
  errorTitle: "Erro ao cancelar reposição",
  success: (promoted) => withPromotions("Reposição cancelada", promoted),
});

export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const found = await orRespond(findMakeup(actor, args.params.id, args.params.makeupId));
  const url = new URL(args.request.url);
  const dialog: DeleteDialogData = { closeTo: `/students/${args.params.id}`, action: url.pathname + url.search };
  return { ...dialog, date: found.date, classLabel: found.classLabel };
}
export const action = (args: Route.ActionArgs) => deleteDialogAction(args, spec(args));

export default function MakeupDelete() {
  const { date, classLabel } = useLoaderData<typeof loader>();
  return (
    <DeleteDialog
      title="Cancelar reposição"
      text={`Cancelar a reposição de ${formatDay(date)} em ${classLabel}? A vaga nesta aula é liberada.`}
      cancelLabel="Voltar"
      confirmLabel="Cancelar reposição"
      pendingLabel="Cancelando..."
    />
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Cancelar reposição" }];
}

export { ErrorBoundary } from "~/components/confirm-delete-dialog";
