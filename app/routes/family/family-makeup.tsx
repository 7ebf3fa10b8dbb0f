import type { Route } from "./+types/family-makeup";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { LinkButton } from "~/components/ui/button";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { MakeupSessions } from "~/features/makeups/makeup-sessions";
import { ALREADY_HAS_MAKEUP } from "~/domain/attendance/makeups/schema";
import { bookFamilyMakeup } from "~/domain/attendance/makeups/service.server";
import { formatDay } from "~/domain/calendar/dates";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { NO_MAKEUP_OPTIONS } from "~/features/makeups/makeup-screen";
import { makeupFormSchema } from "~/features/makeups/makeup-form";
import { makeupSessionOptions, saveMakeupBooking } from "~/features/makeups/makeup-booking.server";
import { anyUser, findFamilyAbsence } from "./+shared/family-screen.server";

/**
 * /family/absences/:absenceId/makeup ('Agendar reposição', the family): books
 * a make-up of one of its children's absences, with the staff's rules (the
 * same service, scoped to the family). The sessions with room are radio
 * choices, as on the staff's dialog.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, anyUser);
  const { student, absence } = await orRespond(findFamilyAbsence(actor, args.params.absenceId));
  const options = absence.makeup ? [] : await orRespond(makeupSessionOptions(actor, absence.id));
  return {
    studentName: student.fullName,
    absence: { id: absence.id, date: absence.date, classLabel: absence.classLabel, hasMakeup: absence.makeup !== null },
    options,
  };
}

export async function action(args: Route.ActionArgs) {
  const absenceId = args.params.absenceId;
  return dialogAction(args, {
    permission: anyUser,
    load: (actor) => findFamilyAbsence(actor, absenceId),
    // The absence is the URL's (checked to be the family's), whatever was posted.
    prepare: (formData) => formData.set("absenceId", absenceId),
    schema: makeupFormSchema,
    save: saveMakeupBooking(bookFamilyMakeup),
    extra: async ({ actor }) => ({ options: await makeupSessionOptions(actor, absenceId) }),
    errorTitle: "Erro ao agendar reposição",
    redirectTo: "/family",
    // 'Reposição de Paula: seg 30/11, 18:00, Unidade Zona Norte'
    success: (saved) => saved.message,
  });
}

export default function FamilyMakeupDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { studentName, absence } = loaderData;
  const options = actionData && "options" in actionData ? actionData.options : loaderData.options;
  const [form, fields] = useDialogForm({ id: `makeup-${absence.id}`, schema: makeupFormSchema, defaultValue: { absenceId: absence.id } });
  const description = `${studentName}: falta de ${formatDay(absence.date)} em ${absence.classLabel}`;
  const session = fields.session;

  if (absence.hasMakeup || options.length === 0) {
    return (
      <RouteDialog title="Agendar reposição" description={description} closeTo="/family" size="md">
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          {absence.hasMakeup ? ALREADY_HAS_MAKEUP : NO_MAKEUP_OPTIONS}
        </p>
        <DialogFooter>
          <LinkButton to="/family" variant="outline" preventScrollReset>
            Voltar
          </LinkButton>
        </DialogFooter>
      </RouteDialog>
    );
  }

  return (
    <FormDialog form={form} title="Agendar reposição" description={description} closeTo="/family" size="lg" submit="bookMakeup">
      <input type="hidden" name={fields.absenceId.name} value={absence.id} />
      <MakeupSessions field={session} options={options} />
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Agendar reposição" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
