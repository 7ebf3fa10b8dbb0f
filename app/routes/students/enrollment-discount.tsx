import { getInputProps } from "@conform-to/react";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/enrollment-discount";
import { Field, inputClass } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin, type Actor } from "~/domain/access/roles";
import { discountField } from "~/domain/charges/schema";
import { findClassOption } from "~/domain/classes/queries.server";
import { getEnrollment } from "~/domain/enrollments/queries.server";
import { CANCELLED, ENROLLMENT_NOT_FOUND } from "~/domain/enrollments/schema";
import { updateEnrollment } from "~/domain/enrollments/service.server";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";

/**
 * 'Desconto da matrícula' (/students/:id/enrollments/:enrollmentId/discount,
 * Administrator): the enrolment's 'Desconto (%)' (PATCH /api/enrollments/{id}
 * through the same service); the months generated after it use the new value.
 */
const discountFormSchema = z.object({ discountPercent: discountField });

/** The student's enrolment that is not cancelled (a 404 otherwise). */
async function findEnrollment(actor: Actor, params: { id?: string; enrollmentId?: string }) {
  const enrollment = await orRespond(getEnrollment(actor, params.enrollmentId ?? ""));
  if (enrollment.studentId !== params.id || enrollment.status === CANCELLED) throw data(ENROLLMENT_NOT_FOUND, { status: 404 });
  return enrollment;
}

export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const enrollment = await findEnrollment(actor, args.params);
  const cls = await findClassOption(enrollment.classId);
  return {
    enrollmentId: enrollment.id,
    classLabel: cls?.label ?? "",
    discountPercent: enrollment.discountPercent.toLocaleString("pt-BR"),
  };
}

export async function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    permission: isAdmin,
    load: (actor) => findEnrollment(actor, args.params),
    schema: discountFormSchema,
    // The service reads percents, as the API does (the form's value is in hundredths).
    save: (value, { actor, loaded }) => updateEnrollment(actor, loaded.id, { discountPercent: value.discountPercent / 100 }),
    errorTitle: "Erro ao atualizar matrícula",
    redirectTo: `/students/${args.params.id}`,
    success: "Desconto da matrícula atualizado",
  });
}

export default function EnrollmentDiscountDialog({ loaderData, params }: Route.ComponentProps) {
  const { enrollmentId, classLabel, discountPercent } = loaderData;
  const [form, fields] = useDialogForm({
    id: `enrollment-discount-${enrollmentId}`,
    schema: discountFormSchema,
    defaultValue: { discountPercent },
  });
  return (
    <FormDialog
      form={form}
      title="Desconto da matrícula"
      description={classLabel}
      closeTo={`/students/${params.id}`}
      size="md"
      submit="update"
      noValidate
    >
      <Field
        label="Desconto (%)"
        field={fields.discountPercent}
        hint="Sobre o valor mensal da oferta, nas mensalidades geradas daqui em diante (0 a 100)"
      >
        <input {...getInputProps(fields.discountPercent, { type: "text" })} inputMode="decimal" className={inputClass} />
      </Field>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Desconto da matrícula" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
