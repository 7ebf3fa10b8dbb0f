import { getInputProps } from "@conform-to/react";
import type { Route } from "./+types/address-form";
import { Field, inputClass } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { getFamily } from "~/domain/family/overview.server";
import { familyAddressSchema } from "~/domain/guardians/schema";
import { updateFamilyAddress } from "~/domain/guardians/service.server";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { anyUser } from "./+shared/family-screen.server";

const BACK = "/family?tab=dados";

/** /family/address ('Meus dados'): the family changes its address. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, anyUser);
  const family = await orRespond(getFamily(actor));
  return { address: family.guardian.address };
}

export async function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    permission: anyUser,
    load: (actor) => getFamily(actor),
    schema: familyAddressSchema,
    save: (value, { actor }) => updateFamilyAddress(actor, value),
    errorTitle: "Erro ao atualizar",
    redirectTo: BACK,
    success: "Endereço atualizado",
  });
}

export default function AddressDialog({ loaderData }: Route.ComponentProps) {
  const [form, fields] = useDialogForm({
    id: "family-address",
    schema: familyAddressSchema,
    defaultValue: { address: loaderData.address },
  });
  return (
    <FormDialog form={form} title="Editar endereço" closeTo={BACK} noValidate submit="update" size="md">
      <Field label="Endereço" field={fields.address} required>
        <input {...getInputProps(fields.address, { type: "text" })} className={inputClass} autoComplete="street-address" />
      </Field>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Editar endereço" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
