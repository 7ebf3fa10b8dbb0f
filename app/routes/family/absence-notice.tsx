import { getTextareaProps } from "@conform-to/react";
import type { Route } from "./+types/absence-notice";
import { Field, inputClass } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { DomainError, ValidationError } from "~/domain/errors";
import { absenceNoticeFormSchema } from "~/domain/attendance/notices/schema";
import { warnAbsence } from "~/domain/attendance/notices/service.server";
import { formatDay } from "~/domain/calendar/dates";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { weekdayName } from "~/features/makeups/makeup-screen";
import { anyUser, findFamilySession, sessionKeyOf } from "./+shared/family-screen.server";

/**
 * /family/absence?enrollmentId=&scheduleId=&date= ('Avisar falta'): the family
 * warns that a child will miss one of its next sessions, with an optional
 * note. The session must be one of the family's next sessions (404 otherwise);
 * the service checks the rest ('Não é possível avisar falta de aula passada').
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, anyUser);
  const { student, session } = await orRespond(findFamilySession(actor, sessionKeyOf(args.request)));
  return {
    studentName: student.fullName,
    session: {
      when: `${weekdayName(session.date)}, ${formatDay(session.date)}, ${session.startTime}–${session.endTime}`,
      where: `${session.classLabel} · ${session.branchName} · ${session.classroomName}`,
      noticed: session.notice !== null,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const key = sessionKeyOf(args.request);
  return dialogAction(args, {
    permission: anyUser,
    load: (actor) => findFamilySession(actor, key),
    schema: absenceNoticeFormSchema,
    save: async (value, { actor }) => {
      try {
        return await warnAbsence(actor, { ...key, note: value.note ?? null });
      } catch (error) {
        // The session is the URL's: the service's date and enrolment messages go above the form.
        if (error instanceof ValidationError && !error.errors?.note) throw new DomainError(error.status, error.message);
        throw error;
      }
    },
    errorTitle: "Erro ao avisar falta",
    redirectTo: "/family",
    success: "Falta avisada",
  });
}

export default function AbsenceNoticeDialog({ loaderData }: Route.ComponentProps) {
  const { studentName, session } = loaderData;
  const [form, fields] = useDialogForm({ id: "absence-notice", schema: absenceNoticeFormSchema, defaultValue: { note: "" } });
  return (
    <FormDialog
      form={form}
      title="Avisar falta"
      description={`${studentName}: ${session.when}`}
      closeTo="/family"
      submit="warnAbsence"
      size="md"
    >
      <p className="text-sm text-slate-800">{session.where}</p>
      <Field label="Observação (opcional)" field={fields.note} hint="A escola verá a falta como justificada na chamada desta aula.">
        <textarea {...getTextareaProps(fields.note)} rows={3} maxLength={500} className={inputClass} />
      </Field>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Avisar falta" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
