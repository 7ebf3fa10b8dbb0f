import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/offer-form";
import { DialogError } from "~/components/route-error";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { LinkButton } from "~/components/ui/button";
import { Field, FormErrors, inputClass } from "~/components/ui/field";
import { CheckboxField, SubmitButton, useIsSubmitting } from "~/components/ui/form-controls";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { listBranches } from "~/domain/branches/queries.server";
import { offerFormSchema } from "~/domain/offers/schema";
import { createOffer, updateOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { orRespond, saveDialogForm } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";

/** /offers/new and /offers/:id/edit: the same dialog, create or edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const actor = actorOf(user);
  const [offer, branches] = await Promise.all([
    params.id ? orRespond(getOffer(actor, params.id)) : null,
    listBranches(actor),
  ]);
  return {
    offer,
    // Inactive branches stay selectable only for the offer already in one.
    branches: branches
      .filter((b) => b.active || b.id === offer?.branchId)
      .map((b) => ({ id: b.id, name: b.name, isDefault: b.isDefault })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requirePermission(request, canManage));
  const editing = Boolean(params.id);
  return saveDialogForm(await request.formData(), {
    schema: offerFormSchema,
    save: (value) => (params.id ? updateOffer(actor, params.id, value) : createOffer(actor, value)),
    errorTitle: editing ? "Erro ao atualizar oferta" : "Erro ao criar oferta",
    redirectTo: "/offers",
    success: editing ? "Oferta atualizada com sucesso" : "Oferta criada com sucesso",
  });
}

export default function OfferFormDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, branches } = loaderData;
  const location = useLocation();
  const pending = useIsSubmitting(location.pathname);
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: offer ? `offer-${offer.id}` : "offer-new",
    lastResult: actionData?.result,
    defaultValue: {
      name: offer?.name ?? "",
      monthlyValue: offer?.monthlyValue ?? "",
      checkoutLink: offer?.checkoutLink ?? "",
      // With a single branch there is nothing to choose.
      branchId: offer?.branchId ?? (branches.length === 1 ? branches[0].id : ""),
      active: offer ? (offer.active ? "on" : undefined) : "on",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: offerFormSchema }),
  });
  return (
    <RouteDialog title={offer ? "Editar Oferta" : "Adicionar Oferta"} closeTo="/offers">
      <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={pending} className="space-y-4">
          <Field label="Nome" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId} required>
            <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="Ex.: Plano Mensal Ballet" />
          </Field>
          <Field
            label="Valor mensal (R$)"
            htmlFor={fields.monthlyValue.id}
            errors={fields.monthlyValue.errors}
            errorId={fields.monthlyValue.errorId}
            required
          >
            <input
              {...getInputProps(fields.monthlyValue, { type: "number" })}
              step="0.01"
              inputMode="decimal"
              className={inputClass}
              placeholder="189.90"
            />
          </Field>
          <Field
            label="Link de checkout"
            htmlFor={fields.checkoutLink.id}
            errors={fields.checkoutLink.errors}
            errorId={fields.checkoutLink.errorId}
            required
          >
            <input {...getInputProps(fields.checkoutLink, { type: "url" })} className={inputClass} placeholder="https://" />
          </Field>
          <Field label="Unidade" htmlFor={fields.branchId.id} errors={fields.branchId.errors} errorId={fields.branchId.errorId} required>
            <select {...getSelectProps(fields.branchId)} className={inputClass}>
              <option value="">Selecione a unidade</option>
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                  {b.isDefault ? " (Padrão)" : ""}
                </option>
              ))}
            </select>
          </Field>
          <CheckboxField
            id={fields.active.id}
            name={fields.active.name}
            label="Ativo"
            defaultChecked={fields.active.initialValue === "on"}
          />
        </fieldset>
        <DialogFooter>
          <LinkButton to="/offers" variant="outline" preventScrollReset>
            Cancelar
          </LinkButton>
          <SubmitButton
            pending={pending}
            label={offer ? "Atualizar" : "Criar"}
            pendingLabel={offer ? "Atualizando..." : "Criando..."}
          />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.offer ? "Editar Oferta" : "Adicionar Oferta" }];
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
