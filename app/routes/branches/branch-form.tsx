import { getInputProps } from "@conform-to/react";
import type { Route } from "./+types/branch-form";
import { Field, inputClass } from "~/components/ui/field";
import { CheckboxField } from "~/components/ui/form-controls";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { branchFormSchema } from "~/domain/branches/schema";
import { createBranch, updateBranch } from "~/domain/branches/service.server";
import { branchDialogs } from "./+shared/branch-dialogs.server";

/** /branches/new and /branches/:id/edit: the same dialog, create or edit. */
const dialog = branchDialogs.form({ schema: branchFormSchema, create: createBranch, update: updateBranch });
export const loader = dialog.loader;
export const action = dialog.action;

export default function BranchFormDialog({ loaderData }: Route.ComponentProps) {
  const { record: branch } = loaderData;
  const [form, fields] = useDialogForm({
    id: branch ? `branch-${branch.id}` : "branch-new",
    schema: branchFormSchema,
    defaultValue: {
      name: branch?.name ?? "",
      address: branch?.address ?? "",
      active: branch ? (branch.active ? "on" : undefined) : "on",
      isDefault: branch?.isDefault ? "on" : undefined,
    },
  });
  return (
    <FormDialog
      form={form}
      title={branch ? "Editar Unidade" : "Adicionar Unidade"}
      closeTo="/branches"
      submit={branch ? "update" : "create"}
    >
      <Field label="Nome" field={fields.name} required>
        <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="Ex.: Unidade Centro" />
      </Field>
      <Field label="Endereço" field={fields.address} required>
        <input {...getInputProps(fields.address, { type: "text" })} className={inputClass} placeholder="Rua, número, bairro" />
      </Field>
      <CheckboxField field={fields.active} label="Ativo" />
      <CheckboxField field={fields.isDefault} label="Unidade padrão" />
    </FormDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.record ? "Editar Unidade" : "Adicionar Unidade" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
