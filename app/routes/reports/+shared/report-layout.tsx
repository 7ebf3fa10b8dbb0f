import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/ui/page";
import { ServerCached } from "~/components/server-cached";
import { Button } from "~/components/ui/button";
import { FilterField, inputClass } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/button";
import { formatDay } from "~/domain/calendar/dates";
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

/**
 * The reports, in the order of their tabs and of the 'Relatórios' page: the
 * screen is /reports/<id>, the JSON /api/reports/<id>; `summary` is the page's
 * text for it, `description` the line under the report's own title.
 */
export const REPORTS = [
  {
    id: "funnel",
    title: "Funil",
    summary: "Experimentais → Compareceu → Quer Matricular → Matriculado, por origem, responsável, unidade e curso; perdidos por motivo.",
    description: "Experimentais com data no período e até onde chegaram.",
  },
  {
    id: "students",
    title: "Alunos",
    summary: "Matrículas ativas, novas e canceladas por mês, churn, ocupação das turmas e listas de espera.",
    description: "Matrículas ativas no fim de cada mês, novas, canceladas e churn; ocupação das turmas.",
  },
  {
    id: "attendance",
    title: "Frequência",
    summary: "Taxa de presença por turma, professor e unidade; faltas repostas e não repostas.",
    description: "Presentes ÷ todos os registros das chamadas do período.",
  },
  {
    id: "finance",
    title: "Financeiro",
    summary: "Esperado e recebido por mês, inadimplência por faixa de atraso e recebido por forma de pagamento.",
    description:
      "Esperado (cobranças por vencimento) e recebido (pagamentos por data) em cada mês, inadimplência por faixa de atraso e recebido por forma de pagamento.",
  },
] as const;
export type ReportId = (typeof REPORTS)[number]["id"];

/** The filters as the screen's form shows them (strings; blank for none). */
export interface ScreenFilter {
  from: string;
  to: string;
  branchId: string;
  /** The funnel's owner filter (blank: every owner). */
  ownerId: string;
  by: string;
}

/** What every report screen's loader gives (`loadReport`); the funnel adds the owners for its select. */
export interface LoadedReport {
  /** The report as JSON text: the page's charts are cached HTML keyed by it (ServerCached), parsed only to draw them. */
  report: string | null;
  shown: { from: string; to: string; by: string | null } | null;
  filter: ScreenFilter;
  branches: { id: string; name: string }[];
  errors: Record<string, string[]>;
  owners?: { id: string; label: string }[];
}

/** A report grouped by a choice of the form ('Agrupar por'): its groupings, their names, and the one shown when the form was refused. */
export interface ReportGrouping<G extends string> {
  groupings: readonly G[];
  labels: Record<G, string>;
  fallback: G;
}

/**
 * A report screen's route component: the report's entry in `REPORTS`, the
 * charts drawn from the report (`Body`) and, for a grouped report, its groupings.
 */
export function reportScreen<Report, G extends string = never>(
  id: ReportId,
  Body: (props: { report: Report }) => ReactNode,
  grouping?: ReportGrouping<G>,
) {
  return function ReportScreen({ loaderData }: { loaderData: LoadedReport }) {
    const by = (loaderData.shown?.by ?? grouping?.fallback) as G;
    return (
      <ReportLayout<Report>
        id={id}
        loaded={loaderData}
        owners={loaderData.owners}
        groupings={grouping ? groupingsOf(by, grouping.groupings, grouping.labels) : undefined}
      >
        {(report) => <Body report={report} />}
      </ReportLayout>
    );
  };
}

/** A report screen's page title: its name. */
export function reportMeta(id: ReportId) {
  return () => [{ title: reportOf(id).title }];
}

function reportOf(id: ReportId) {
  return REPORTS.find((r) => r.id === id)!;
}

/** A report's grouping select ('Agrupar por'): the grouping shown, the groupings and their names. */
function groupingsOf<G extends string>(value: G, groupings: readonly G[], labels: Record<G, string>) {
  return { label: "Agrupar por", value, options: groupings.map((g) => ({ value: g, label: labels[g] })) };
}

/**
 * A report screen: its title, the tabs between the reports, the filter form
 * (period and branch; the funnel's owner; a grouping) with 'Exportar CSV' for
 * the same filters, and the charts, drawn by `children` from the report and
 * kept as HTML on the server per report (`ServerCached`: no router links there).
 */
function ReportLayout<Report>({
  id,
  loaded,
  owners,
  groupings,
  children,
}: {
  id: ReportId;
  loaded: LoadedReport;
  owners?: { id: string; label: string }[];
  /** The grouping select ('Agrupar por'); its value is the report's grouping, also the CSV's. */
  groupings?: { label: string; options: { value: string; label: string }[]; value: string };
  children: (report: Report) => ReactNode;
}) {
  const { title, description } = reportOf(id);
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
  // The branch; the funnel's owner; the grouping of a grouped report.
  const selects: Omit<FilterSelectProps, "errors">[] = [
    { id: "report-branch", name: "branchId", label: "Unidade", value: filter.branchId, blank: "Todas", options: branches },
  ];
  if (owners)
    selects.push({ id: "report-owner", name: "ownerId", label: "Responsável", value: filter.ownerId, blank: "Todos", options: owners });
  if (groupings) selects.push({ id: "report-by", name: "by", label: groupings.label, value: groupings.value, options: groupings.options });
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label="Filtrar relatório"
      className={`mt-3 grid gap-3 sm:mt-0 sm:grid-cols-2 lg:items-end ${owners ? "lg:grid-cols-6" : "lg:grid-cols-5"}`}
    >
      <FilterDate id="report-from" name="from" label="De" value={from} errors={errors.from} />
      <FilterDate id="report-to" name="to" label="Até" value={to} errors={errors.to} />
      {selects.map(({ name, ...select }) => (
        <FilterSelect key={name} name={name} {...select} errors={errors[name]} />
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="outline">
          Filtrar
        </Button>
      </div>
    </Form>
  );
}

/** A date of the period ('De', 'Até'): its messages are the input's description. */
function FilterDate({ id, name, label, value, errors }: { id: string; name: string; label: string; value: string; errors?: string[] }) {
  return (
    <FilterField label={label} htmlFor={id} errors={errors} errorId={`${id}-errors`}>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        key={`${name}${value}`}
        className={inputClass}
        aria-describedby={`${id}-errors`}
      />
    </FilterField>
  );
}

interface FilterSelectProps {
  id: string;
  name: keyof ScreenFilter;
  label: string;
  value: string;
  /** The first option's text, for no filter ('Todas', 'Todos'); none for a grouping. */
  blank?: string;
  options: readonly ({ id: string; name: string } | { id: string; label: string } | { value: string; label: string })[];
  errors?: string[];
}

/** A select of the filter form (branch, owner, grouping). */
function FilterSelect({ id, name, label, value, blank, options, errors }: FilterSelectProps) {
  return (
    <FilterField label={label} htmlFor={id} errors={errors}>
      <select id={id} name={name} defaultValue={value} key={`${name}${value}`} className={inputClass}>
        {blank === undefined ? null : <option value="">{blank}</option>}
        {options.map((o) => {
          const optionValue = "value" in o ? o.value : o.id;
          return (
            <option key={optionValue} value={optionValue}>
              {"name" in o ? o.name : o.label}
            </option>
          );
        })}
      </select>
    </FilterField>
  );
}

/** The links between the reports. */
function ReportTabs({ current, query }: { current: ReportId; query: string }) {
  return (
    <nav aria-label="Relatórios" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {REPORTS.map((t) => (
          <li key={t.id}>
            <Link
              to={`/reports/${t.id}?${query}`}
              aria-current={t.id === current ? "page" : undefined}
              className={buttonClass(t.id === current ? "default" : "outline", "sm")}
            >
              {t.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
