import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useLocation } from "react-router";
import type { Route } from "./+types/guardian-anonymize";
import { Field, inputClass } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin } from "~/domain/access/roles";
import { getGuardian, guardianAnonymizedOn } from "~/domain/guardians/queries.server";
import { anonymizeSchema, FAMILY_ALREADY_ANONYMIZED } from "~/domain/family/lgpd/schema";
import { anonymizeFamily } from "~/domain/family/lgpd/service.server";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * /guardians/:id/anonymize: 'Anonimizar família' (Administrator, LGPD). It
 * cannot be undone, so the family's name is typed to confirm, with the
 * reason; the service does the rest in one transaction.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const guardian = await orRespond(getGuardian(actor, args.params.id));
  // Once is all: an anonymised family's dialog goes back to its page, saying so.
  if (await guardianAnonymizedOn(guardian.id)) {
    return redirectWithToast(`/guardians/${guardian.id}/persons${new URL(args.request.url).search}`, {
      title: "Erro ao anonimizar",
      description: FAMILY_ALREADY_ANONYMIZED,
      variant: "destructive",
    });
  }
  return { guardianId: guardian.id, familyName: guardian.persons[0]?.fullName ?? "" };
}

export async function action(args: Route.ActionArgs) {
  const { id } = args.params;
  return dialogAction(args, {
    permission: isAdmin,
    load: (actor) => getGuardian(actor, id),
    schema: anonymizeSchema,
    save: (value, { actor }) => anonymizeFamily(actor, id, value),
    errorTitle: "Erro ao anonimizar",
    redirectTo: `/guardians${new URL(args.request.url).search}`,
    success: "Família anonimizada",
  });
}

export default function GuardianAnonymize({ loaderData }: Route.ComponentProps) {
  const { guardianId, familyName } = loaderData;
  const { search } = useLocation();
  const [form, fields] = useDialogForm({ id: `anonymize-${guardianId}`, schema: anonymizeSchema });
  return (
    <FormDialog
      form={form}
      title="Anonimizar família"
      description={familyName}
      closeTo={`/guardians/${guardianId}/persons${search}`}
      size="md"
      submit="anonymize"
      closeLabel="Voltar"
      destructive
    >
      <p className="text-sm text-slate-700">
        Esta ação não pode ser desfeita. Nomes, CPFs, e-mails, telefones, endereço e datas de nascimento da família são apagados; o usuário
        da família é desativado; as matrículas são canceladas. Chamadas e reposições ficam, sem identificar a família.
      </p>
      <Field label="Motivo" field={fields.reason} required>
        <textarea {...getTextareaProps(fields.reason)} rows={3} maxLength={500} className={inputClass} />
      </Field>
      <Field label={`Digite o nome da família (${familyName}) para confirmar`} field={fields.confirmName} required>
        <input {...getInputProps(fields.confirmName, { type: "text" })} className={inputClass} autoComplete="off" />
      </Field>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Anonimizar família" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
