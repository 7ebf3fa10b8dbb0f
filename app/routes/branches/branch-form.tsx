import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/branch-form";
import { DialogError } from "~/components/route-error";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { LinkButton } from "~/components/ui/button";
import { Field, FormErrors, inputClass } from "~/components/ui/field";
import { CheckboxField, SubmitButton, useIsSubmitting } from "~/components/ui/form-controls";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { branchFormSchema } from "~/domain/branches/schema";
import { createBranch, updateBranch } from "~/domain/branches/service.server";
import { getBranch } from "~/domain/branches/queries.server";
import { orRespond, saveDialogForm } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";

/** /branches/new and /branches/:id/edit: the same dialog, create or edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const branch = params.id ? await orRespond(getBranch(actorOf(user), params.id)) : null;
  return { branch };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requirePermission(request, canManage));
  const editing = Boolean(params.id);
  return saveDialogForm(await request.formData(), {
    schema: branchFormSchema,
    save: (value) => (params.id ? updateBranch(actor, params.id, value) : createBranch(actor, value)),
    errorTitle: editing ? "Erro ao atualizar unidade" : "Erro ao criar unidade",
    redirectTo: "/branches",
    success: editing ? "Unidade atualizada com sucesso" : "Unidade criada com sucesso",
  });
}

export default function BranchFormDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { branch } = loaderData;
  const location = useLocation();
  const pending = useIsSubmitting(location.pathname);
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: branch ? `branch-${branch.id}` : "branch-new",
    lastResult: actionData?.result,
    defaultValue: {
      name: branch?.name ?? "",
      address: branch?.address ?? "",
      active: branch ? (branch.active ? "on" : undefined) : "on",
      isDefault: branch?.isDefault ? "on" : undefined,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: branchFormSchema }),
  });
  return (
    <RouteDialog title={branch ? "Editar Unidade" : "Adicionar Unidade"} closeTo="/branches">
      <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={pending} className="space-y-4">
          <Field label="Nome" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId} required>
            <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="Ex.: Unidade Centro" />
          </Field>
          <Field label="Endereço" htmlFor={fields.address.id} errors={fields.address.errors} errorId={fields.address.errorId} required>
            <input {...getInputProps(fields.address, { type: "text" })} className={inputClass} placeholder="Rua, número, bairro" />
          </Field>
          <CheckboxField
            id={fields.active.id}
            name={fields.active.name}
            label="Ativo"
            defaultChecked={fields.active.initialValue === "on"}
          />
          <CheckboxField
            id={fields.isDefault.id}
            name={fields.isDefault.name}
            label="Unidade padrão"
            defaultChecked={fields.isDefault.initialValue === "on"}
          />
        </fieldset>
        <DialogFooter>
          <LinkButton to="/branches" variant="outline" preventScrollReset>
            Cancelar
          </LinkButton>
          <SubmitButton
            pending={pending}
            label={branch ? "Atualizar" : "Criar"}
            pendingLabel={branch ? "Atualizando..." : "Criando..."}
          />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.branch ? "Editar Unidade" : "Adicionar Unidade" }];
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
