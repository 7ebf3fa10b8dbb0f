import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/branch-billing";
import { Button, buttonClass } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { isAdmin } from "~/domain/access/roles";
import { getBranch } from "~/domain/branches/queries.server";
import { getBillingSettings } from "~/domain/charges/queries.server";
import { updateBillingSettings } from "~/domain/charges/service.server";
import { formAction, formText, orRespond, screenActor } from "~/server/forms.server";

/** The branch's 'Financeiro' settings (/branches/:id/billing, Administrator): Pix key, payee, due day, fine and interest. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const branch = await orRespond(getBranch(actor, args.params.id));
  const settings = await getBillingSettings(actor, branch.id);
  return { branch: { id: branch.id, name: branch.name }, settings };
}

const FIELDS = ["pixKey", "payeeName", "payeeCity", "dueDay", "finePercent", "monthlyInterestPercent"] as const;

export async function action(args: Route.ActionArgs) {
  return formAction(args, {
    permission: isAdmin,
    schema: z.object(Object.fromEntries(FIELDS.map((f) => [f, formText().transform((v) => v.trim())]))),
    save: (value, { actor }) => updateBillingSettings(actor, args.params.id, value),
    errorTitle: "Erro ao salvar configurações financeiras",
    redirectTo: "/branches",
    success: "Configurações financeiras salvas",
  });
}

const LABELS: Record<(typeof FIELDS)[number], string> = {
  pixKey: "Chave Pix",
  payeeName: "Nome do recebedor",
  payeeCity: "Cidade do recebedor",
  dueDay: "Dia de vencimento",
  finePercent: "Multa (%)",
  monthlyInterestPercent: "Juros ao mês (%)",
};

export default function BranchBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { branch, settings } = loaderData;
  const result = actionData;
  const submitting = useNavigation().state === "submitting";
  const stored: Record<string, string> = {
    pixKey: settings.pixKey ?? "",
    payeeName: settings.payeeName ?? "",
    payeeCity: settings.payeeCity ?? "",
    dueDay: String(settings.dueDay),
    finePercent: String(settings.finePercent).replace(".", ","),
    monthlyInterestPercent: String(settings.monthlyInterestPercent).replace(".", ","),
  };
  return (
    <RouteDialog title="Financeiro" description={branch.name} closeTo="/branches" size="md">
      <Form method="post" className="space-y-3">
        <FieldErrors errors={result?.errors?.form} />
        {FIELDS.map((field) => {
          const errors = result?.errors?.[field];
          const id = `billing-${field}`;
          return (
            <div key={field}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-900">
                {LABELS[field]}
              </label>
              <input
                id={id}
                name={field}
                defaultValue={result?.values?.[field] ?? stored[field]}
                inputMode={field === "dueDay" || field.endsWith("Percent") ? "decimal" : undefined}
                className={inputClass}
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? `${id}-error` : undefined}
              />
              <FieldErrors id={`${id}-error`} errors={errors} />
            </div>
          );
        })}
        <p className="text-sm text-slate-700">Sem chave Pix a unidade cobra do mesmo jeito, só sem o código Pix.</p>
        <p className="text-sm">
          <Link to={`/branches/${branch.id}/bank`} className="font-medium text-violet-800 underline underline-offset-2">
            Conexão com o banco (API Pix)
          </Link>
        </p>
        <DialogFooter>
          <Link to="/branches" className={buttonClass("outline")}>
            Voltar
          </Link>
          <Button type="submit" disabled={submitting}>
            {submitting ? "Salvando..." : "Salvar"}
          </Button>
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Financeiro da unidade" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
