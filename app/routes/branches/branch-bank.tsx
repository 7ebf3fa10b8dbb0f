import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/branch-bank";
import { Button, buttonClass } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { Field, FormErrors, inputClass } from "~/components/ui/field";
import { isAdmin } from "~/domain/access/roles";
import { getBranch } from "~/domain/branches/queries.server";
import { dateAndTimeIn, formatDay } from "~/domain/calendar/dates";
import { checkPixProvider, getPixProvider, pemFromP12, updatePixProvider } from "~/domain/bank/service.server";
import type { PixProviderDTO } from "~/domain/bank/schema";
import { formText, intent, intentAction, orRespond, screenActor } from "~/server/forms.server";
import { postedFile } from "~/server/multipart.server";

/**
 * 'Conexão com o banco (API Pix)' of a branch (/branches/:id/bank, Administrator):
 * the bank's addresses, the client's credentials and certificate (PEM, or a
 * `.p12` file and its password converted here), 'Salvar', 'Verificar conexão'
 * and 'Desconectar'. The secrets are never shown again nor sent back, even when
 * the form is refused.
 */

const STATUS_LABEL: Record<NonNullable<PixProviderDTO["status"]>, string> = {
  ok: "Verificada",
  error: "Com erro",
  unchecked: "Não verificada",
};

function moment(iso: string | null): string | null {
  if (!iso) return null;
  const { date, time } = dateAndTimeIn(iso);
  return `${formatDay(date)} ${time}`;
}

export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const branch = await orRespond(getBranch(actor, args.params.id));
  const provider = await getPixProvider(actor, branch.id);
  return {
    branch: { id: branch.id, name: branch.name },
    provider,
    checkedAt: moment(provider.checkedAt),
    certificateUntil: provider.certificate ? formatDay(provider.certificate.notAfter.slice(0, 10)) : null,
  };
}

const TEXT_FIELDS = [
  "baseUrl",
  "tokenUrl",
  "clientId",
  "clientSecret",
  "certificatePem",
  "privateKeyPem",
  "caCertificatePem",
  "pixKey",
] as const;
const SECRET_FIELDS = ["clientSecret", "privateKeyPem", "p12Password"];

const saveSchema = z.object({
  baseUrl: formText(),
  tokenUrl: formText(),
  clientId: formText(),
  clientSecret: formText(),
  certificatePem: formText(),
  privateKeyPem: formText(),
  caCertificatePem: formText(),
  pixKey: formText(),
  p12Password: formText(),
});

export async function action(args: Route.ActionArgs) {
  const id = args.params.id;
  const back = `/branches/${id}/bank`;
  return intentAction(args, {
    permission: isAdmin,
    intents: {
      save: intent({
        schema: saveSchema,
        hideFields: SECRET_FIELDS,
        save: async (value, { actor, formData }) => {
          const p12 = await postedFile(formData, "p12File");
          const fromP12 = p12 ? pemFromP12(p12.bytes, value.p12Password) : null;
          return updatePixProvider(actor, id, {
            provider: "api-pix",
            baseUrl: value.baseUrl,
            tokenUrl: value.tokenUrl,
            clientId: value.clientId,
            clientSecret: value.clientSecret,
            certificatePem: fromP12?.certificatePem ?? value.certificatePem,
            privateKeyPem: fromP12?.privateKeyPem ?? value.privateKeyPem,
            caCertificatePem: value.caCertificatePem,
            pixKey: value.pixKey,
          });
        },
        errorTitle: "Erro ao salvar a conexão com o banco",
        redirectTo: back,
        success: "Conexão com o banco salva",
      }),
      check: intent({
        schema: z.object({}),
        save: (_value, { actor }) => checkPixProvider(actor, id),
        errorTitle: "Erro ao verificar a conexão",
        redirectTo: back,
        success: (result) => ({ title: result.ok ? "Sucesso" : "Falha na conexão com o banco", description: result.message }),
      }),
      disconnect: intent({
        schema: z.object({}),
        save: (_value, { actor }) => updatePixProvider(actor, id, { provider: "none" }),
        errorTitle: "Erro ao desconectar do banco",
        redirectTo: back,
        success: "Conexão com o banco removida",
      }),
    },
  });
}

const LABELS: Record<(typeof TEXT_FIELDS)[number], string> = {
  baseUrl: "URL da API Pix",
  tokenUrl: "URL do token (OAuth)",
  clientId: "Client ID",
  clientSecret: "Client secret",
  certificatePem: "Certificado (PEM)",
  privateKeyPem: "Chave privada (PEM)",
  caCertificatePem: "Certificado raiz do banco (PEM, opcional)",
  pixKey: "Chave Pix das cobranças (opcional)",
};

const PEM_FIELDS = new Set(["certificatePem", "privateKeyPem", "caCertificatePem"]);

export default function BranchBank({ loaderData, actionData }: Route.ComponentProps) {
  const { branch, provider, checkedAt, certificateUntil } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const answer = actionData?.intent === "save" ? actionData : null;
  const connected = provider.provider === "api-pix";
  const stored: Record<string, string> = {
    baseUrl: provider.baseUrl ?? "",
    tokenUrl: provider.tokenUrl ?? "",
    clientId: provider.clientId ?? "",
    pixKey: provider.pixKey ?? "",
  };
  const hint = (field: string) => {
    if (!connected) return undefined;
    if (field === "clientSecret" || field === "privateKeyPem") return "Guardado cifrado: deixe em branco para manter.";
    if (field === "pixKey") return "Em branco: a chave Pix da unidade.";
    return undefined;
  };
  return (
    <RouteDialog title="Conexão com o banco (API Pix)" description={branch.name} closeTo="/branches" size="lg">
      {connected ? (
        <dl className="mb-4 grid grid-cols-1 gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-900">Situação</dt>
          <dd className="text-slate-800">
            {STATUS_LABEL[provider.status ?? "unchecked"]}
            {checkedAt ? ` (${checkedAt})` : ""}
          </dd>
          {provider.lastError ? (
            <>
              <dt className="font-medium text-slate-900">Último erro</dt>
              <dd className="text-red-800">{provider.lastError}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-900">Certificado</dt>
          <dd className="break-all text-slate-800">
            {provider.certificate ? `${provider.certificate.subject}, válido até ${certificateUntil}` : "-"}
          </dd>
          <dt className="font-medium text-slate-900">Webhook</dt>
          <dd className="break-all font-mono text-xs text-slate-800">{provider.webhookUrl}</dd>
        </dl>
      ) : (
        <p className="mb-4 text-sm text-slate-700">
          Unidade sem conexão com o banco: as cobranças levam o Pix estático da chave da unidade.
        </p>
      )}
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <input type="hidden" name="intent" value="save" />
        <FormErrors errors={answer?.errors?.form} />
        {TEXT_FIELDS.map((field) => {
          const id = `bank-${field}`;
          const errors = answer?.errors?.[field];
          const value = answer?.values?.[field] ?? stored[field] ?? "";
          const common = {
            id,
            name: field,
            className: inputClass,
            "aria-invalid": errors ? true : undefined,
            "aria-describedby": errors ? `${id}-error` : undefined,
          };
          return (
            <Field key={field} label={LABELS[field]} htmlFor={id} errors={errors} errorId={`${id}-error`} hint={hint(field)}>
              {PEM_FIELDS.has(field) ? (
                <textarea {...common} rows={4} defaultValue={field === "privateKeyPem" ? "" : value} spellCheck={false} />
              ) : (
                <input
                  {...common}
                  type={field === "clientSecret" ? "password" : field.endsWith("Url") ? "url" : "text"}
                  autoComplete={field === "clientSecret" ? "new-password" : "off"}
                  defaultValue={field === "clientSecret" ? "" : value}
                />
              )}
            </Field>
          );
        })}
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-900">Ou um arquivo .p12 (certificado e chave)</legend>
          <Field label="Arquivo .p12" htmlFor="bank-p12File" errors={answer?.errors?.p12File} errorId="bank-p12File-error">
            <input id="bank-p12File" name="p12File" type="file" accept=".p12,.pfx,application/x-pkcs12" className={inputClass} />
          </Field>
          <Field label="Senha do arquivo .p12" htmlFor="bank-p12Password">
            <input id="bank-p12Password" name="p12Password" type="password" autoComplete="off" className={inputClass} />
          </Field>
        </fieldset>
        <DialogFooter>
          <Link to="/branches" className={buttonClass("outline")}>
            Voltar
          </Link>
          <Button type="submit" disabled={Boolean(submitting)}>
            {submitting === "save" ? "Salvando..." : "Salvar"}
          </Button>
        </DialogFooter>
      </Form>
      {connected ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          <Form method="post">
            <input type="hidden" name="intent" value="check" />
            <Button type="submit" variant="outline" disabled={Boolean(submitting)}>
              {submitting === "check" ? "Verificando..." : "Verificar conexão"}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="disconnect" />
            <Button type="submit" variant="destructive" disabled={Boolean(submitting)}>
              {submitting === "disconnect" ? "Desconectando..." : "Desconectar"}
            </Button>
          </Form>
        </div>
      ) : null}
    </RouteDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Conexão com o banco" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
