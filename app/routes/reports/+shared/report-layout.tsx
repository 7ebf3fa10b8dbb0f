import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/ui/page";
import { ServerCached } from "~/components/server-cached";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/button";
import { formatDay } from "~/domain/calendar/dates";
import type { ScreenFilter } from "./report-screen.server";
import { scopeSubtitle } from "~/domain/branches/scope";
import { today } from "~/domain/calendar/dates";

/** The report links' query: the period shown (the report's own when it was computed), the branch, the owner and the grouping. */
export function reportQuery(filter: ScreenFilter, shown: { from: string; to: string } | null, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  q.set("from", shown?.from ?? filter.from);
  q.set("to", shown?.to ?? filter.to);
  q.set("branchId", filter.branchId);
  if (filter.ownerId) q.set("ownerId", filter.ownerId);
  if (filter.by) q.set("by", filter.by);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

/** The reports, in the order of their tabs (the screen is /reports/<id>, the JSON /api/reports/<id>). */
const REPORT_TABS = [
  { id: "funnel", label: "Funil" },
  { id: "students", label: "Alunos" },
  { id: "attendance", label: "Frequência" },
  { id: "finance", label: "Financeiro" },
] as const;
export type ReportId = (typeof REPORT_TABS)[number]["id"];

/** What every report screen's loader gives (`loadReport`). */
export interface LoadedReport {
  report: string | null;
  shown: { from: string; to: string; by: string | null } | null;
  filter: ScreenFilter;
  branches: { id: string; name: string }[];
  errors: Record<string, string[]>;
}

/** A report's grouping select ('Agrupar por'): the grouping shown, the groupings and their names. */
export function groupingsOf<G extends string>(value: G, groupings: readonly G[], labels: Record<G, string>) {
  return { label: "Agrupar por", value, options: groupings.map((g) => ({ value: g, label: labels[g] })) };
}

/**
 * A report screen: its title, the tabs between the reports, the filter form
 * (period and branch; the funnel's owner; a grouping) with 'Exportar CSV' for
 * the same filters, and the charts, drawn by `children` from the report and
 * kept as HTML on the server per report (`ServerCached`: no router links there).
 */
export function ReportLayout<Report>({
  id,
  title,
  description,
  loaded,
  owners,
  groupings,
  children,
}: {
  id: ReportId;
  title: string;
  description: string;
  loaded: LoadedReport;
  owners?: { id: string; label: string }[];
  /** The grouping select ('Agrupar por'); its value is the report's grouping, also the CSV's. */
  groupings?: { label: string; options: { value: string; label: string }[]; value: string };
  children: (report: Report) => ReactNode;
}) {
  const { report, shown, filter, branches, errors } = loaded;
  const by = groupings?.value ?? "";
  // The branch and the months of the report shown (the current month when the form's period was refused).
  const branchName = branches.find((b) => b.id === filter.branchId)?.name ?? null;
  const current = today().slice(0, 7);
  const subtitle = scopeSubtitle(branchName, shown?.from.slice(0, 7) ?? current, shown?.to.slice(0, 7) ?? current);
  return (
    <div>
      <PageHeader title={title} description={subtitle} />
      <p className="-mt-4 mb-4 text-sm text-slate-700">{description}</p>
      <ReportTabs current={id} query={reportQuery({ ...filter, by: "" }, shown)} />
      <ReportFilters
        action={`/reports/${id}`}
        filter={groupings ? filter : { ...filter, by: "" }}
        shown={shown}
        branches={branches}
        owners={owners}
        errors={errors}
        groupings={groupings}
        csvHref={report ? `/api/reports/${id}?${reportQuery({ ...filter, by }, shown, { format: "csv" })}` : null}
      />
      {report ? (
        <ServerCached as="div" name={`report-${id}`} deps={report} className="space-y-6">
          {() => children(JSON.parse(report) as Report)}
        </ServerCached>
      ) : null}
    </div>
  );
}

/**
 * The period, branch (owner and grouping) form of a report: a GET form, so it works
 * without JavaScript, with 'Exportar CSV' for the same filters.
 */
function ReportFilters({
  action,
  filter,
  shown,
  branches,
  errors,
  owners,
  groupings,
  csvHref,
}: {
  action: string;
  filter: ScreenFilter;
  shown: { from: string; to: string } | null;
  branches: { id: string; name: string }[];
  errors: Record<string, string[]>;
  /** The owner select ('Responsável'), for the funnel. */
  owners?: { id: string; label: string }[];
  groupings?: { label: string; options: { value: string; label: string }[]; value: string };
  csvHref: string | null;
}) {
  const from = shown?.from ?? filter.from;
  const to = shown?.to ?? filter.to;
  const branch = branches.find((b) => b.id === filter.branchId)?.name ?? "Todas as unidades";
  const owner = owners?.find((o) => o.id === filter.ownerId)?.label;
  const grouping = groupings?.options.find((o) => o.value === groupings.value)?.label;
  // On a phone the filters are one line with 'Alterar' (a <details>: no JavaScript needed); from `sm` always open (app.css).
  return (
    <>
      <details className="filters-collapse mb-6" open={Object.keys(errors).length > 0}>
        <summary className="flex cursor-pointer sm:hidden items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm">
          <span className="min-w-0 truncate text-slate-800">
            {from && to ? `${formatDay(from)} a ${formatDay(to)}` : "Período"} · {branch}
            {owner ? ` · ${owner}` : ""}
            {grouping ? ` · ${grouping}` : ""}
          </span>
          <span className="shrink-0 font-medium text-violet-800 underline">Alterar</span>
        </summary>
        <FilterForm
          action={action}
          filter={filter}
          from={from}
          to={to}
          branches={branches}
          errors={errors}
          owners={owners}
          groupings={groupings}
        />
      </details>
      {csvHref ? (
        <p className="-mt-4 mb-6">
          <a href={csvHref} className={buttonClass("ghost")} download>
            Exportar CSV
          </a>
        </p>
      ) : null}
    </>
  );
}

function FilterForm({
  action,
  filter,
  from,
  to,
  branches,
  errors,
  owners,
  groupings,
}: {
  action: string;
  filter: ScreenFilter;
  from: string;
  to: string;
  branches: { id: string; name: string }[];
  errors: Record<string, string[]>;
  owners?: { id: string; label: string }[];
  groupings?: { label: string; options: { value: string; label: string }[]; value: string };
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label="Filtrar relatório"
      className={`mt-3 grid gap-3 sm:mt-0 sm:grid-cols-2 lg:items-end ${owners ? "lg:grid-cols-6" : "lg:grid-cols-5"}`}
    >
      <div>
        <label htmlFor="report-from" className="block text-sm font-medium text-slate-900">
          De
        </label>
        <input
          id="report-from"
          type="date"
          name="from"
          defaultValue={from}
          key={`f${from}`}
          className={inputClass}
          aria-describedby="report-from-errors"
        />
        <FieldErrors id="report-from-errors" errors={errors.from} />
      </div>
      <div>
        <label htmlFor="report-to" className="block text-sm font-medium text-slate-900">
          Até
        </label>
        <input
          id="report-to"
          type="date"
          name="to"
          defaultValue={to}
          key={`t${to}`}
          className={inputClass}
          aria-describedby="report-to-errors"
        />
        <FieldErrors id="report-to-errors" errors={errors.to} />
      </div>
      <div>
        <label htmlFor="report-branch" className="block text-sm font-medium text-slate-900">
          Unidade
        </label>
        <select id="report-branch" name="branchId" defaultValue={filter.branchId} key={`b${filter.branchId}`} className={inputClass}>
          <option value="">Todas</option>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
        <FieldErrors errors={errors.branchId} />
      </div>
      {owners ? (
        <div>
          <label htmlFor="report-owner" className="block text-sm font-medium text-slate-900">
            Responsável
          </label>
          <select id="report-owner" name="ownerId" defaultValue={filter.ownerId} key={`o${filter.ownerId}`} className={inputClass}>
            <option value="">Todos</option>
            {owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldErrors errors={errors.ownerId} />
        </div>
      ) : null}
      {groupings ? (
        <div>
          <label htmlFor="report-by" className="block text-sm font-medium text-slate-900">
            {groupings.label}
          </label>
          <select id="report-by" name="by" defaultValue={groupings.value} key={`g${groupings.value}`} className={inputClass}>
            {groupings.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldErrors errors={errors.by} />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="outline">
          Filtrar
        </Button>
      </div>
    </Form>
  );
}

/** The links between the reports. */
function ReportTabs({ current, query }: { current: ReportId; query: string }) {
  return (
    <nav aria-label="Relatórios" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {REPORT_TABS.map((t) => (
          <li key={t.id}>
            <Link
              to={`/reports/${t.id}?${query}`}
              aria-current={t.id === current ? "page" : undefined}
              className={buttonClass(t.id === current ? "default" : "outline", "sm")}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
