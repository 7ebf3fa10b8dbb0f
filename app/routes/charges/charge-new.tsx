import { getInputProps, getSelectProps } from "@conform-to/react";
import { useLocation } from "react-router";
import type { Route } from "./+types/charge-new";
import { BranchField } from "~/components/branch-field";
import { Field, inputClass, Options } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin } from "~/domain/access/roles";
import { listBranches } from "~/domain/branches/queries.server";
import { oneOffChargeSchema } from "~/domain/charges/schema";
import { centsToDecimal } from "~/domain/money";
import { createOneOffCharge } from "~/domain/charges/service.server";
import { getGuardian } from "~/domain/guardians/queries.server";
import { studentList } from "~/domain/students/queries.server";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";

/**
 * 'Nova cobrança' (/guardians/:id/charges/new, Administrator): a one-off
 * charge (costume, festival) of this family, optionally of one of its
 * students, in a branch, with a description, an amount and a due date
 * (POST /api/charges through the same service). Back to the family.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const guardian = await orRespond(getGuardian(actor, args.params.id));
  const [students, branches, selected] = await Promise.all([
    studentList(actor, { guardianId: guardian.id }).read(null, 100),
    listBranches(actor, { active: true }),
    getSelectedBranchId(args.context),
  ]);
  const primary = guardian.persons.find((p) => p.isPrimary) ?? guardian.persons[0];
  return {
    guardian: { id: guardian.id, name: primary?.fullName ?? "" },
    students: students.items.map((s) => ({ id: s.id, fullName: s.fullName })),
    branches: branches.map((b) => ({ id: b.id, name: b.name, isDefault: b.isDefault })),
    branchId: selected ?? branches.find((b) => b.isDefault)?.id ?? (branches.length === 1 ? branches[0].id : ""),
  };
}

export async function action(args: Route.ActionArgs) {
  const guardianId = args.params.id;
  const back = `/guardians/${guardianId}/persons${new URL(args.request.url).search}`;
  return dialogAction(args, {
    permission: isAdmin,
    load: (actor) => getGuardian(actor, guardianId),
    // The family is the URL's.
    prepare: (formData) => formData.set("guardianId", guardianId),
    schema: oneOffChargeSchema,
    // The service reads reais, as the API does.
    save: (value, { actor }) => createOneOffCharge(actor, { ...value, amount: centsToDecimal(value.amount) }),
    errorTitle: "Erro ao criar cobrança",
    redirectTo: back,
    success: "Cobrança criada",
  });
}

export default function NewCharge({ loaderData, params }: Route.ComponentProps) {
  const { guardian, students, branches, branchId } = loaderData;
  const { search } = useLocation();
  const [form, fields] = useDialogForm({
    id: `charge-new-${guardian.id}`,
    schema: oneOffChargeSchema,
    defaultValue: { guardianId: guardian.id, studentId: "", branchId, description: "", amount: "", dueDate: "" },
  });
  return (
    <FormDialog
      form={form}
      title="Nova cobrança"
      description={guardian.name}
      closeTo={`/guardians/${params.id}/persons${search}`}
      submit="create"
      noValidate
    >
      <input type="hidden" name={fields.guardianId.name} value={guardian.id} />
      <Field label="Responsável" htmlFor={`${form.id}-guardian`} errors={fields.guardianId.errors} errorId={fields.guardianId.errorId}>
        <input id={`${form.id}-guardian`} value={guardian.name} readOnly className={inputClass} />
      </Field>
      <Field label="Aluno" field={fields.studentId} hint="Opcional: deixe em branco para uma cobrança da família">
        <select {...getSelectProps(fields.studentId)} className={inputClass}>
          <option value="">Nenhum (família)</option>
          <Options items={students} label={(s) => s.fullName} />
        </select>
      </Field>
      <BranchField field={fields.branchId} branches={branches} />
      <Field label="Descrição" field={fields.description} required>
        <input {...getInputProps(fields.description, { type: "text" })} className={inputClass} placeholder="Ex.: Figurino do festival" />
      </Field>
      <Field label="Valor (R$)" field={fields.amount} required>
        <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" className={inputClass} placeholder="150,00" />
      </Field>
      <Field label="Vencimento" field={fields.dueDate} required>
        <input {...getInputProps(fields.dueDate, { type: "date" })} className={inputClass} />
      </Field>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Nova cobrança" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
