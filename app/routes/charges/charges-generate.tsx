import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/charges-generate";
import { Button, buttonClass } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { canManage } from "~/domain/actor";
import { monthOrCurrent, monthTitle } from "~/domain/calendar/dates";
import { FULL_SCHOLARSHIP } from "~/domain/charges/schema";
import { MONTH_INPUT_PATTERN } from "~/domain/patterns";
import { generateCharges, previewGeneration } from "~/domain/charges/service.server";
import { DomainError } from "~/domain/errors";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { requireActor } from "~/server/forms.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { Link } from "react-router";
import { brl, day } from "./+shared/money-screen";

/**
 * 'Gerar mensalidades' (/charges/generate?month=, Administrator): the month's
 * preview (how many, the total, the first rows), then 'Gerar' writes them.
 * The month is a GET form, so the preview needs no JavaScript.
 */
const SHOWN = 8;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, canManage);
  const month = monthOrCurrent(new URL(args.request.url).searchParams.get("month"));
  const branchId = await getSelectedBranchId(args.context);
  const preview = await previewGeneration(actor, { month, branchId: branchId ?? undefined });
  return {
    month,
    branchId,
    count: preview.count,
    total: preview.total,
    items: preview.items.slice(0, SHOWN),
    scholarshipCount: preview.fullScholarships.length,
    fullScholarships: preview.fullScholarships.slice(0, SHOWN).map((i) => ({ enrollmentId: i.enrollmentId, studentName: i.studentName })),
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireActor(args, canManage);
  const form = await args.request.formData();
  // The branch the preview was of (the selected one when it was shown); blank means every branch.
  const branchId = form.has("branchId") ? String(form.get("branchId")) || null : await getSelectedBranchId(args.context);
  const month = String(form.get("month") ?? "");
  try {
    const result = await generateCharges(actor, { month, branchId: branchId ?? undefined });
    const title = result.created === 1 ? "1 mensalidade gerada" : `${result.created} mensalidades geradas`;
    return redirectWithToast(`/charges?month=${result.month}`, { title });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return dataWithToast(
      { errors: error.errors ?? { form: [error.message] } },
      { title: "Erro ao gerar mensalidades", description: error.message, variant: "destructive" },
      { status: error.status },
    );
  }
}

export default function GenerateCharges({ loaderData, actionData }: Route.ComponentProps) {
  const { month, branchId, count, total, items, fullScholarships, scholarshipCount } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const errors = (actionData as { errors?: Record<string, string[]> } | undefined)?.errors;
  return (
    <RouteDialog title="Gerar mensalidades" description={monthTitle(month)} closeTo={`/charges?month=${month}`} size="lg">
      <Form method="get" action="/charges/generate" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="generate-month" className="block text-sm font-medium text-slate-900">
            Mês
          </label>
          <input
            id="generate-month"
            type="month"
            name="month"
            defaultValue={month}
            key={month}
            className={inputClass}
            required
            // Where the browser shows a text box instead of a month picker.
            pattern={MONTH_INPUT_PATTERN}
            placeholder="AAAA-MM"
          />
        </div>
        <Button type="submit" variant="outline">
          Ver prévia
        </Button>
      </Form>
      <section aria-labelledby="generate-preview" className="mt-4">
        <h3 id="generate-preview" className="font-semibold">
          Prévia
        </h3>
        <p className="mt-1 text-sm" aria-live="polite">
          {count === 0
            ? "Nenhuma mensalidade a gerar neste mês."
            : `${count === 1 ? "1 mensalidade" : `${count} mensalidades`}, total ${brl(total)}.`}
        </p>
        {items.length ? (
          <ul className="mt-2 divide-y divide-slate-200 text-sm">
            {items.map((i) => (
              <li key={i.enrollmentId} className="flex flex-wrap justify-between gap-2 py-1">
                <span>
                  {i.studentName} <span className="text-slate-700">({i.guardianName})</span>
                </span>
                <span>
                  {brl(i.amount)} · vence {day(i.dueDate)}
                </span>
              </li>
            ))}
            {count > items.length ? <li className="py-1 text-slate-700">e mais {count - items.length}…</li> : null}
          </ul>
        ) : null}
        {fullScholarships.length ? (
          <ul className="mt-2 divide-y divide-slate-200 text-sm" aria-label="Sem cobrança">
            {fullScholarships.map((i) => (
              <li key={i.enrollmentId} className="flex flex-wrap justify-between gap-2 py-1">
                <span>{i.studentName}</span>
                <span>{FULL_SCHOLARSHIP}</span>
              </li>
            ))}
            {scholarshipCount > fullScholarships.length ? (
              <li className="py-1 text-slate-700">e mais {scholarshipCount - fullScholarships.length}…</li>
            ) : null}
          </ul>
        ) : null}
      </section>
      <Form method="post" action={`/charges/generate?month=${month}`} className="mt-4">
        <input type="hidden" name="month" value={month} />
        <input type="hidden" name="branchId" value={branchId ?? ""} />
        <FieldErrors errors={errors?.month ?? errors?.form} />
        <DialogFooter>
          <Link to={`/charges?month=${month}`} className={buttonClass("outline")}>
            Voltar
          </Link>
          <Button type="submit" disabled={count === 0 || submitting}>
            {submitting ? "Gerando..." : "Gerar"}
          </Button>
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Gerar mensalidades" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
