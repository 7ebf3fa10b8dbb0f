import { getInputProps } from "@conform-to/react";
import type { Route } from "./+types/person-contact";
import { Field, inputClass } from "~/components/ui/field";
import { PhoneInput } from "~/components/ui/masked-inputs";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { familyPersonFormSchema } from "~/domain/guardians/schema";
import { updateFamilyPerson } from "~/domain/guardians/service.server";
import { formatPhone } from "~/lib/format";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { anyUser, findFamilyPerson } from "./+shared/family-screen.server";

const BACK = "/family?tab=dados";

/** /family/persons/:personId/edit ('Meus dados'): a person of the family changes its phone and e-mail (name and CPF are the school's). */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, anyUser);
  const person = await orRespond(findFamilyPerson(actor, args.params.personId));
  return { person: { id: person.id, fullName: person.fullName, phone: person.phone, email: person.email } };
}

export async function action(args: Route.ActionArgs) {
  const personId = args.params.personId;
  return dialogAction(args, {
    permission: anyUser,
    load: (actor) => findFamilyPerson(actor, personId),
    schema: familyPersonFormSchema,
    save: (value, { actor }) => updateFamilyPerson(actor, personId, value),
    errorTitle: "Erro ao atualizar",
    redirectTo: BACK,
    success: "Dados atualizados",
  });
}

export default function PersonContactDialog({ loaderData }: Route.ComponentProps) {
  const { person } = loaderData;
  const [form, fields] = useDialogForm({
    id: `contact-${person.id}`,
    schema: familyPersonFormSchema,
    defaultValue: { phone: formatPhone(person.phone), email: person.email },
  });
  return (
    <FormDialog form={form} title="Editar contato" description={person.fullName} closeTo={BACK} noValidate submit="update" size="md">
      <Field label="Telefone" field={fields.phone} required>
        <PhoneInput {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" />
      </Field>
      <Field label="E-mail" field={fields.email} required>
        <input {...getInputProps(fields.email, { type: "email" })} className={inputClass} autoComplete="email" />
      </Field>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Editar contato" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
