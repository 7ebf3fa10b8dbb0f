import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-slate-700">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
      <p className="text-slate-700">{message}</p>
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  return <span className={active ? "badge badge-on" : "badge badge-off"}>{active ? "Ativo" : "Inativo"}</span>;
}

export function Badge({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cn("badge bg-violet-100 text-violet-900", className)}>{children}</span>;
}

/** A section of a page under its own heading (`<h2 id>`, which names the section for screen readers). */
export function PageSection({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The first line of a DataList card: its title, and on the right its status. */
export function CardHeading({ as: Heading = "h2", title, status }: { as?: "h2" | "h3" | "p"; title: ReactNode; status: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-2">
      <Heading className="font-semibold">{title}</Heading>
      {status}
    </div>
  );
}

/** One column of a DataList's table: its header and what each row shows in it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /**
   * In a list without `card` (one table for every width): the column that heads each
   * row's card below the breakpoint ("title"), or the one shown in its top corner
   * ("status"); the other cells read "header value" there.
   */
  stack?: "title" | "status";
}

/** A DataList's `rowKey`: optional for rows with an `id` (their key), required for the others. */
type RowKey<Row> = [Row] extends [{ id: string }] ? { rowKey?: (row: Row) => string } : { rowKey: (row: Row) => string };

const idOf = (row: { id: string }) => row.id;

/**
 * A screen's list (§2, §9): a card per row below the large breakpoint, a table
 * at large (a caption for screen readers, one header per column, and the
 * 'Ações' column when `actions` is given). With no rows, `empty` instead.
 *
 * Without `card`, the rows are rendered once: one table for every width, each
 * row shown as a card below `tableFrom` by CSS (`.stack` in app.css, as /classes).
 * A long list then carries half the markup, which is half of its document's
 * rendering time on the server.
 *
 * Rows are told apart by their `id`; rows without one say how (`rowKey`).
 */
export function DataList<Row>({
  caption,
  rows,
  rowKey = idOf as (row: Row) => string,
  card,
  columns,
  actions,
  empty,
  tableFrom = "lg",
}: RowKey<Row> & {
  caption: string;
  rows: readonly Row[];
  /** The content of a row's card (small screens); without it the table's rows are the cards. */
  card?: (row: Row) => ReactNode;
  columns: Column<Row>[];
  /** The row's controls in the table's last column (omitted for who may not use them). */
  actions?: (row: Row) => ReactNode;
  empty?: ReactNode;
  /** From which width the rows are a table (a short list with few columns fits from `md`, 768 px). */
  tableFrom?: "md" | "lg";
}) {
  if (rows.length === 0 && empty !== undefined) return typeof empty === "string" ? <EmptyState message={empty} /> : <>{empty}</>;
  if (!card)
    return <StackedTable caption={caption} rows={rows} rowKey={rowKey} columns={columns} actions={actions} tableFrom={tableFrom} />;
  const md = tableFrom === "md";
  return (
    <>
      <div className={cn("grid gap-3 sm:grid-cols-2", md ? "md:hidden" : "lg:hidden")}>
        {rows.map((row) => (
          <Card key={rowKey(row)}>{card(row)}</Card>
        ))}
      </div>
      <div className={cn("hidden overflow-x-auto rounded-lg border border-slate-200 bg-white", md ? "md:block" : "lg:block")}>
        <table className="w-full">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50">
            <HeaderRow columns={columns} actions={Boolean(actions)} />
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Td key={column.header} className={column.className}>
                    {column.cell(row)}
                  </Td>
                ))}
                {actions ? <Td className="text-right">{actions(row)}</Td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A DataList table's header row: one header per column, and 'Ações' when the rows have actions. */
function HeaderRow<Row>({ columns, actions }: { columns: Column<Row>[]; actions: boolean }) {
  return (
    <tr>
      {columns.map((column) => (
        <Th key={column.header}>{column.header}</Th>
      ))}
      {actions ? <Th className="text-right">Ações</Th> : null}
    </tr>
  );
}

/** A DataList without cards: one table, its rows cards below `lg` (`.stack`). */
function StackedTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  actions,
  tableFrom,
}: {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  actions?: (row: Row) => ReactNode;
  tableFrom: "md" | "lg";
}) {
  const md = tableFrom === "md";
  return (
    <div className="stack-wrap">
      <table className={md ? "stack stack-md" : "stack"}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <HeaderRow columns={columns} actions={Boolean(actions)} />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={cn(
                    "td",
                    column.stack === "title" && "stack-title",
                    column.stack === "status" && "stack-status",
                    column.className,
                  )}
                  data-label={column.stack ? undefined : column.header}
                >
                  {column.cell(row)}
                </td>
              ))}
              {actions ? <td className={cn("td", md ? "md:text-right" : "lg:text-right")}>{actions(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Th({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn("th", className)}>
      {children}
    </th>
  );
}

export function Td({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={cn("td", className)}>{children}</td>;
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("card", className)}>{children}</div>;
}
