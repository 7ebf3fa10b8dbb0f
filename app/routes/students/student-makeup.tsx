import { data } from "react-router";
import type { Route } from "./+types/student-makeup";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { LinkButton } from "~/components/ui/button";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { MakeupSessions } from "~/features/makeups/makeup-sessions";
import { isStaff, type Actor } from "~/domain/access/roles";
import { studentAttendance } from "~/domain/attendance/queries.server";
import { ABSENCE_NOT_FOUND, ALREADY_HAS_MAKEUP } from "~/domain/attendance/makeups/schema";
import { bookMakeup } from "~/domain/attendance/makeups/service.server";
import { getStudent } from "~/domain/students/queries.server";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { NO_MAKEUP_OPTIONS } from "~/features/makeups/makeup-screen";
import { makeupFormSchema } from "~/features/makeups/makeup-form";
import { makeupSessionOptions, saveMakeupBooking } from "~/features/makeups/makeup-booking.server";
import { formatDay } from "~/domain/calendar/dates";

/**
 * /students/:id/makeup?absenceId= (Team and Administrator): books a make-up of
 * one of the student's absences. The eligible sessions with free places
 * (`makeupOptions`: same course, any branch, within 30 days) are radio
 * choices; the service checks everything again under the class's lock, so a
 * session filled meanwhile answers 'Sem vagas nesta aula' on the form.
 */
const absenceIdOf = (request: Request) => (new URL(request.url).searchParams.get("absenceId") ?? "").slice(0, 100);

/** The student and the absence of the URL (a 404 when the absence is not one of this student's). */
async function findAbsence(actor: Actor, studentId: string, absenceId: string) {
  const [student, attendance] = await Promise.all([getStudent(actor, studentId), studentAttendance(actor, studentId)]);
  const absence = attendance.absences.find((a) => a.id === absenceId);
  if (!absence) throw data(ABSENCE_NOT_FOUND, { status: 404 });
  return { student, absence };
}

/** The sessions the make-up may go into, as the dialog shows them. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const { student, absence } = await orRespond(findAbsence(actor, args.params.id, absenceIdOf(args.request)));
  const options = absence.makeup ? [] : await orRespond(makeupSessionOptions(actor, absence.id));
  return {
    student: { id: student.id, fullName: student.fullName },
    absence: { id: absence.id, date: absence.date, classLabel: absence.classLabel, hasMakeup: absence.makeup !== null },
    options,
  };
}

export async function action(args: Route.ActionArgs) {
  const studentId = args.params.id;
  const absenceId = absenceIdOf(args.request);
  return dialogAction(args, {
    permission: isStaff,
    load: (actor) => findAbsence(actor, studentId, absenceId),
    // The absence is the URL's (checked to be this student's), whatever was posted.
    prepare: (formData) => formData.set("absenceId", absenceId),
    schema: makeupFormSchema,
    save: saveMakeupBooking(bookMakeup),
    // The choices again (a session may have filled up meanwhile).
    extra: async ({ actor }) => ({ options: await makeupSessionOptions(actor, absenceId) }),
    errorTitle: "Erro ao agendar reposição",
    redirectTo: `/students/${studentId}`,
    // 'Reposição de Paula: seg 30/11, 18:00, Unidade Zona Norte'
    success: (saved) => saved.message,
  });
}

export default function StudentMakeupDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { student, absence } = loaderData;
  const options = actionData && "options" in actionData ? actionData.options : loaderData.options;
  const [form, fields] = useDialogForm({ id: `makeup-${absence.id}`, schema: makeupFormSchema, defaultValue: { absenceId: absence.id } });
  const closeTo = `/students/${student.id}`;
  const description = `${student.fullName}: falta de ${formatDay(absence.date)} em ${absence.classLabel}`;
  const session = fields.session;

  if (absence.hasMakeup || options.length === 0) {
    return (
      <RouteDialog title="Agendar reposição" description={description} closeTo={closeTo} size="md">
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          {absence.hasMakeup ? ALREADY_HAS_MAKEUP : NO_MAKEUP_OPTIONS}
        </p>
        <DialogFooter>
          <LinkButton to={closeTo} variant="outline" preventScrollReset>
            Voltar
          </LinkButton>
        </DialogFooter>
      </RouteDialog>
    );
  }

  return (
    <FormDialog form={form} title="Agendar reposição" description={description} closeTo={closeTo} size="lg" submit="bookMakeup">
      <input type="hidden" name={fields.absenceId.name} value={absence.id} />
      <MakeupSessions field={session} options={options} />
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Agendar reposição" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
