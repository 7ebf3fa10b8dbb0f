import { Form, Link, Outlet } from "react-router";
import { ServerCached } from "~/components/server-cached";
import type { Route } from "./+types/charges";
import { Button, buttonClass } from "~/components/ui/button";
import { FilterField, inputClass, Options } from "~/components/ui/field";
import { DataList, EmptyState, PageHeader } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { isAdmin, isStaff } from "~/domain/access/roles";
import { monthOrCurrent, today } from "~/domain/calendar/dates";
import { MONTH_INPUT_PATTERN } from "~/domain/patterns";
import { chargePage } from "~/domain/charges/queries.server";
import type { ChargeDTO } from "~/domain/charges/schema";
import { CHARGE_FILTER_STATUSES } from "~/domain/charges/words";
import { useLinkNavigation } from "~/hooks/use-link-navigation";
import { ValidationError } from "~/domain/errors";
import { branchNameOf, getSelectedBranchId } from "~/server/branch-selection.server";
import { scopeSubtitle } from "~/domain/branches/scope";
import { screenActor } from "~/server/forms.server";
import { brl, chargesHref, day } from "~/features/charges/charges-screen";
import { ChargeStatusBadge } from "~/components/charge-status";

const PAGE_SIZE = 50;

/**
 * /charges ('Mensalidades'): the month's charges of the selected branch with their totals (Team and Administrator):
 * the open ones first (overdue on top, the oldest due first), then the paid and cancelled ones (the latest first).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const params = new URL(args.request.url).searchParams;
  const month = monthOrCurrent(params.get("month"));
  const status = params.get("status") ?? "";
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const branchId = await getSelectedBranchId(args.context);
  const subtitle = scopeSubtitle(await branchNameOf(args.context, branchId), month);
  const filter = { month, status: (CHARGE_FILTER_STATUSES as readonly string[]).includes(status) ? status : "", q };
  try {
    const result = await chargePage(actor, { ...filter, branchId }, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, openFirst: true });
    return {
      // Only what a row shows travels to the browser (it hydrates from this data), as one JSON
      // string (ADR 006): the loader data's encoding goes value by value.
      items: JSON.stringify(result.items.map(toRow)),
      totals: result.totals,
      filter,
      page,
      pageCount: Math.max(1, Math.ceil(result.totals.count / PAGE_SIZE)),
      canGenerate: isAdmin(actor),
      branchId,
      on: today(),
      subtitle,
    };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return {
      items: "[]",
      totals: { count: 0, amount: "0.00", paid: "0.00" },
      filter,
      page: 1,
      pageCount: 1,
      canGenerate: isAdmin(actor),
      branchId,
      on: today(),
      subtitle,
    };
  }
}

/** What a row of the list shows of a charge. */
function toRow(c: ChargeDTO) {
  return {
    id: c.id,
    guardianName: c.guardianName,
    studentName: c.studentName,
    description: c.description,
    dueDate: c.dueDate,
    amount: c.amount,
    amountDue: c.amountDue,
    status: c.status,
    paid: c.paid,
  };
}
type ChargeRow = ReturnType<typeof toRow>;

function csvHref(filter: { month: string; status: string; q: string }, branchId: string | null): string {
  const params = new URLSearchParams({ format: "csv", month: filter.month });
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (branchId) params.set("branchId", branchId);
  return `/api/charges?${params}`;
}

export default function Charges({ loaderData }: Route.ComponentProps) {
  const { items, totals, filter, page, pageCount, canGenerate, branchId, on, subtitle } = loaderData;
  // One table rendered once per distinct page (ServerCached), its links plain anchors followed on the client by one handler.
  const onLinkClick = useLinkNavigation({ preventScrollReset: false });
  const family = (c: ChargeRow) => (
    <a href={`/charges/${c.id}`} className="font-medium text-violet-800 underline">
      {c.guardianName || "—"}
    </a>
  );
  return (
    <div>
      <PageHeader
        title="Mensalidades"
        description={subtitle}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/billing/reconciliation" className={buttonClass("outline")}>
              Conciliação
            </Link>
            <a href={csvHref(filter, branchId)} className={buttonClass("outline")} download>
              Exportar CSV
            </a>
            {canGenerate ? (
              <Link to="/charges/generate" className={buttonClass("default")}>
                Gerar mensalidades
              </Link>
            ) : null}
          </div>
        }
      />
      <Form
        method="get"
        action="/charges"
        role="search"
        aria-label="Filtrar mensalidades"
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      >
        <FilterField label="Mês" htmlFor="charges-month">
          <input
            id="charges-month"
            type="month"
            name="month"
            defaultValue={filter.month}
            key={`m${filter.month}`}
            className={inputClass}
            // Where the browser shows a text box instead of a month picker.
            pattern={MONTH_INPUT_PATTERN}
            placeholder="AAAA-MM"
          />
        </FilterField>
        <FilterField label="Status" htmlFor="charges-status">
          <select id="charges-status" name="status" defaultValue={filter.status} key={`s${filter.status}`} className={inputClass}>
            <option value="">Todos</option>
            <Options items={CHARGE_FILTER_STATUSES} />
          </select>
        </FilterField>
        <FilterField label="Família" htmlFor="charges-q">
          <input id="charges-q" type="search" name="q" defaultValue={filter.q} key={`q${filter.q}`} className={inputClass} />
        </FilterField>
        <div className="flex items-center gap-2">
          <Button type="submit" variant="outline">
            Filtrar
          </Button>
        </div>
      </Form>
      <p className="mb-3 text-sm text-slate-800" aria-live="polite">
        <strong>{totals.count === 1 ? "1 cobrança" : `${totals.count} cobranças`}</strong> · Total {brl(totals.amount)} · Recebido{" "}
        {brl(totals.paid)}
      </p>
      {/* The page's rows, the same for every visit until a charge changes (or the day turns):
          their HTML is rendered once per distinct page on the server (ServerCached). */}
      <ServerCached as="div" name="charges-list" deps={{ items, on }} onClick={onLinkClick}>
        {() => (
          <DataList
            caption="Mensalidades"
            rows={JSON.parse(items) as ChargeRow[]}
            empty={<EmptyState message="Nenhuma cobrança encontrada" />}
            columns={[
              { header: "Família", cell: family, stack: "title" },
              { header: "Aluno", cell: (c) => c.studentName ?? "—" },
              { header: "Descrição", cell: (c) => c.description },
              { header: "Vencimento", cell: (c) => day(c.dueDate), className: "whitespace-nowrap" },
              { header: "Valor", cell: (c) => brl(c.amount), className: "whitespace-nowrap lg:text-right" },
              { header: "Devido hoje", cell: (c) => brl(c.amountDue), className: "whitespace-nowrap lg:text-right" },
              { header: "Status", cell: (c) => <ChargeStatusBadge charge={c} on={on} />, stack: "status" },
            ]}
          />
        )}
      </ServerCached>
      <Pagination page={page} pageCount={pageCount} href={(n) => chargesHref(filter, n)} />
      <Outlet />
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Mensalidades" }];
}
