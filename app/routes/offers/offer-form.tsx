import { getInputProps } from "@conform-to/react";
import type { Route } from "./+types/offer-form";
import { BranchField } from "~/components/branch-field";
import { Field, inputClass } from "~/components/ui/field";
import { CheckboxField } from "~/components/ui/form-controls";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin } from "~/domain/access/roles";
import { listBranches } from "~/domain/branches/queries.server";
import { offerFormSchema } from "~/domain/offers/schema";
import { createOffer, updateOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { editedRecord, recordFormAction, screenActor } from "~/server/forms.server";

/** /offers/new and /offers/:id/edit: the same dialog, create or edit. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const [offer, branches] = await Promise.all([editedRecord(args, actor, getOffer), listBranches(actor)]);
  return {
    offer,
    // Inactive branches stay selectable only for the offer already in one.
    branches: branches.filter((b) => b.active || b.id === offer?.branchId).map((b) => ({ id: b.id, name: b.name, isDefault: b.isDefault })),
  };
}

export async function action(args: Route.ActionArgs) {
  return recordFormAction(args, {
    permission: isAdmin,
    schema: offerFormSchema,
    create: createOffer,
    update: updateOffer,
    record: "esta oferta",
    back: "/offers",
  });
}

export default function OfferFormDialog({ loaderData }: Route.ComponentProps) {
  const { offer, branches } = loaderData;
  const [form, fields] = useDialogForm({
    id: offer ? `offer-${offer.id}` : "offer-new",
    schema: offerFormSchema,
    defaultValue: {
      name: offer?.name ?? "",
      monthlyValue: offer?.monthlyValue ?? "",
      checkoutLink: offer?.checkoutLink ?? "",
      // With a single branch there is nothing to choose.
      branchId: offer?.branchId ?? (branches.length === 1 ? branches[0].id : ""),
      active: offer ? (offer.active ? "on" : undefined) : "on",
    },
  });
  return (
    <FormDialog form={form} title={offer ? "Editar Oferta" : "Adicionar Oferta"} closeTo="/offers" submit={offer ? "update" : "create"}>
      <Field label="Nome" field={fields.name} required>
        <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="Ex.: Plano Mensal Ballet" />
      </Field>
      <Field label="Valor mensal (R$)" field={fields.monthlyValue} required>
        <input
          {...getInputProps(fields.monthlyValue, { type: "number" })}
          step="0.01"
          inputMode="decimal"
          className={inputClass}
          placeholder="189.90"
        />
      </Field>
      <Field label="Link de checkout" field={fields.checkoutLink} required>
        <input {...getInputProps(fields.checkoutLink, { type: "url" })} className={inputClass} placeholder="https://" />
      </Field>
      <BranchField field={fields.branchId} branches={branches} />
      <CheckboxField field={fields.active} label="Ativo" />
    </FormDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.offer ? "Editar Oferta" : "Adicionar Oferta" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
