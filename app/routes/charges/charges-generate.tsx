import { Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/charges-generate";
import { Button, buttonClass } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { FieldErrors, inputClass, Options } from "~/components/ui/field";
import { HeaderRow } from "~/components/ui/table";
import { isAdmin } from "~/domain/access/roles";
import { ALL_BRANCHES, scopeName, scopeSubtitle } from "~/domain/branches/scope";
import { FULL_SCHOLARSHIP } from "~/domain/charges/words";
import { MONTH_INPUT_PATTERN, normalizeMonth } from "~/domain/patterns";
import { generateCharges, nextGenerationMonth, previewGeneration } from "~/domain/charges/service.server";
import { selectedBranch } from "~/server/branch-selection.server";
import { formAction, formText, screenActor } from "~/server/forms.server";
import { brl, day } from "~/features/charges/charges-screen";

/**
 * 'Gerar mensalidades' (/charges/generate?branchId=&month=, Administrator): the
 * scope ('Unidade': one branch, or 'Todas as unidades', the default) and the
 * month (the scope's first month not yet generated unless chosen), the
 * preview (one line per branch, the first rows), then the button that says
 * what it will do ('Gerar 36 mensalidades · Unidade Centro') writes them. The
 * scope and the month are a GET form, so the preview needs no JavaScript;
 * changing the scope proposes that scope's month again.
 */
const SHOWN = 8;

const plural = (n: number) => (n === 1 ? "1 mensalidade" : `${n.toLocaleString("pt-BR")} mensalidades`);

export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const params = new URL(args.request.url).searchParams;
  const { options } = await selectedBranch(args.context);
  const asked = params.get("branchId") ?? "";
  // Every branch unless one of the active branches is asked for.
  const branch = options.find((o) => o.id === asked) ?? null;
  const branchId = branch?.id ?? null;
  // A scope just changed (the form carries the scope and month it was shown for) proposes its own
  // month, unless the month was changed too.
  // A month typed as text where the browser has no month picker ('11/2026') reads as '2026-11'.
  const askedMonth = normalizeMonth(params.get("month"));
  const scopeChanged =
    params.has("shownBranchId") && (params.get("shownBranchId") ?? "") !== (branchId ?? "") && askedMonth === params.get("shownMonth");
  const month = !scopeChanged && askedMonth ? askedMonth : await nextGenerationMonth(actor, { branchId });
  const preview = await previewGeneration(actor, { month, branchId: branchId ?? undefined });
  return {
    month,
    branchId,
    scope: scopeName(branch?.name),
    options: options.map((o) => ({ id: o.id, name: o.name })),
    count: preview.count,
    total: preview.total,
    branches: preview.branches,
    items: preview.items.slice(0, SHOWN),
    scholarshipCount: preview.fullScholarships.length,
    fullScholarships: preview.fullScholarships.slice(0, SHOWN).map((i) => ({ enrollmentId: i.enrollmentId, studentName: i.studentName })),
  };
}

export async function action(args: Route.ActionArgs) {
  return formAction(args, {
    permission: isAdmin,
    schema: z.object({ branchId: formText(), month: formText() }),
    // The scope the preview was of: blank means every branch.
    save: (value, { actor }) => generateCharges(actor, { month: value.month, branchId: value.branchId || null }),
    errorTitle: "Erro ao gerar mensalidades",
    redirectTo: (_value, result) => `/charges?month=${result.month}`,
    success: (result) => ({ title: result.created === 1 ? "1 mensalidade gerada" : `${result.created} mensalidades geradas` }),
  });
}

export default function GenerateCharges({ loaderData, actionData }: Route.ComponentProps) {
  const { month, branchId, scope, options, count } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const submit = useSubmit();
  const errors = actionData?.errors;
  const query = new URLSearchParams({ month, ...(branchId ? { branchId } : {}) });
  return (
    <RouteDialog title="Gerar mensalidades" description={scopeSubtitle(scope, month)} closeTo="/charges" size="lg">
      <Form method="get" action="/charges/generate" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="shownBranchId" value={branchId ?? ""} />
        <input type="hidden" name="shownMonth" value={month} />
        <div>
          <label htmlFor="generate-branch" className="block text-sm font-medium text-slate-900">
            Unidade
          </label>
          <select
            id="generate-branch"
            name="branchId"
            defaultValue={branchId ?? ""}
            key={`b${branchId ?? ""}`}
            className={inputClass}
            // With JavaScript the preview follows the scope at once; without it, 'Ver prévia'.
            onChange={(e) => submit(e.currentTarget.form, { replace: true })}
          >
            <option value="">{ALL_BRANCHES}</option>
            <Options items={options} label={(o) => o.name} />
          </select>
        </div>
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
      <GenerationPreview preview={loaderData} />
      <Form method="post" action={`/charges/generate?${query}`} className="mt-4">
        <input type="hidden" name="month" value={month} />
        <input type="hidden" name="branchId" value={branchId ?? ""} />
        <FieldErrors errors={errors?.month ?? errors?.branchId ?? errors?.form} />
        <DialogFooter>
          <Link to="/charges" className={buttonClass("outline")}>
            Voltar
          </Link>
          <Button type="submit" disabled={count === 0 || submitting}>
            {submitting ? "Gerando..." : `Gerar ${plural(count)} · ${scope}`}
          </Button>
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

/** 'Prévia': how many charges the generation would create and their total, by branch, the first ones and the full scholarships. */
function GenerationPreview({ preview }: { preview: Route.ComponentProps["loaderData"] }) {
  const { count, total, branches, items, fullScholarships, scholarshipCount } = preview;
  return (
    <section aria-labelledby="generate-preview" className="mt-4">
      <h3 id="generate-preview" className="font-semibold">
        Prévia
      </h3>
      <p className="mt-1 text-sm" aria-live="polite">
        {count === 0 ? "Nenhuma mensalidade a gerar neste mês." : `${plural(count)}, total ${brl(total)}.`}
      </p>
      {branches.length ? (
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Por unidade</caption>
          <thead>
            <HeaderRow
              className="border-b border-slate-200"
              columns={[
                ["Unidade", "py-1 pr-2 font-medium"],
                ["Mensalidades", "py-1 pr-2 text-right font-medium"],
                ["Total", "py-1 text-right font-medium"],
              ]}
            />
          </thead>
          <tbody>
            {branches.map((b) => (
              <tr key={b.branchId} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {b.branchName}
                </th>
                <td className="py-1 pr-2 text-right">{b.count.toLocaleString("pt-BR")}</td>
                <td className="py-1 text-right">{brl(b.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
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
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Gerar mensalidades" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
