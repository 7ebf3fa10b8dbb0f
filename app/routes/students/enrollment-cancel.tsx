import { getTextareaProps } from "@conform-to/react";
import { data } from "react-router";
import type { Route } from "./+types/enrollment-cancel";
import { Field, inputClass } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin, type Actor } from "~/domain/access/roles";
import { findClassOption } from "~/domain/classes/queries.server";
import { getEnrollment } from "~/domain/enrollments/queries.server";
import { ENROLLMENT_NOT_FOUND, enrollmentCancelSchema, promotionNotice, WAITLISTED } from "~/domain/enrollments/schema";
import { cancelEnrollment, promotionsIfCancelled } from "~/domain/enrollments/service.server";
import { getStudent } from "~/domain/students/queries.server";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { withPromotions } from "~/features/enrollments/enroll-form.server";

/**
 * The cancel dialog of an enrolment (Administrator), with the reason. Two URLs,
 * one module: /students/:id/enrollments/:enrollmentId/cancel (from the
 * student's page) and /classes/:id/students/:enrollmentId/cancel (from the
 * roster); each goes back where it came from. Cancelling an active enrolment
 * promotes the first of the waiting list (the service does it).
 */
function placeOf(args: { request: Request; params: { id?: string } }) {
  const fromClass = new URL(args.request.url).pathname.startsWith("/classes/");
  const id = args.params.id ?? "";
  return { fromClass, id, back: fromClass ? `/classes/${id}/students` : `/students/${id}` };
}

/** The enrolment, when it belongs to the student or the class of the URL (a 404 otherwise). */
async function findEnrollment(actor: Actor, args: { request: Request; params: { id?: string; enrollmentId?: string } }) {
  const { fromClass, id } = placeOf(args);
  const enrollment = await orRespond(getEnrollment(actor, args.params.enrollmentId ?? ""));
  if ((fromClass ? enrollment.classId : enrollment.studentId) !== id) throw data(ENROLLMENT_NOT_FOUND, { status: 404 });
  return enrollment;
}

export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const enrollment = await findEnrollment(actor, args);
  const [student, cls, promoted] = await Promise.all([
    orRespond(getStudent(actor, enrollment.studentId)),
    findClassOption(enrollment.classId),
    promotionsIfCancelled(actor, enrollment.id),
  ]);
  return {
    // Who takes the seat, named before the click (the cancellation itself decides).
    promotion: promotionNotice(promoted),
    enrollmentId: enrollment.id,
    studentName: student.fullName,
    classLabel: cls?.label ?? "",
    waitlisted: enrollment.status === WAITLISTED,
    back: placeOf(args).back,
  };
}

export async function action(args: Route.ActionArgs) {
  const { back } = placeOf(args);
  return dialogAction(args, {
    permission: isAdmin,
    load: (actor) => findEnrollment(actor, args),
    schema: enrollmentCancelSchema,
    save: (value, { actor, loaded }) => cancelEnrollment(actor, loaded.id, value.cancelReason),
    errorTitle: "Erro ao cancelar matrícula",
    redirectTo: back,
    // The first of the waiting list may take the seat: the toast names who did.
    success: (saved) => withPromotions("Matrícula cancelada", saved.promoted),
  });
}

export default function EnrollmentCancelDialog({ loaderData }: Route.ComponentProps) {
  const { enrollmentId, studentName, classLabel, waitlisted, back, promotion } = loaderData;
  const [form, fields] = useDialogForm({ id: `enrollment-cancel-${enrollmentId}`, schema: enrollmentCancelSchema });
  return (
    <FormDialog
      form={form}
      title="Cancelar matrícula"
      description={`${studentName}${classLabel ? ` em ${classLabel}` : ""}`}
      closeTo={back}
      size="md"
      submit="cancelEnrollment"
      closeLabel="Voltar"
      destructive
    >
      <p className="text-sm text-slate-700">
        {waitlisted
          ? "O aluno sai da lista de espera e os seguintes sobem uma posição."
          : "A vaga é liberada e o primeiro da lista de espera, se houver, passa a ter matrícula ativa a partir da próxima aula da turma."}
      </p>
      {promotion ? (
        <p className="rounded-md border border-violet-200 bg-violet-50 p-3 text-sm font-medium text-violet-900">{promotion}</p>
      ) : null}
      <Field label="Motivo do cancelamento" field={fields.cancelReason} required>
        <textarea {...getTextareaProps(fields.cancelReason)} rows={3} maxLength={500} className={inputClass} />
      </Field>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Cancelar matrícula" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
