import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { useShell } from "~/hooks/use-shell";
import { listWords, type RecordName } from "~/lib/record-words";
import { AddLink, RowActions } from "./row-actions";
import { CardHeading, DataList, PageHeader, StatusBadge, type Column } from "./ui/page";

/** A row of a master-data list: its id (its URL is `<base>/<id>`), its name and whether it is active. */
export interface ListedRecord {
  id: string;
  name: string;
  active: boolean;
}

/**
 * The list screen of a master-data record (branches, courses, offers): the
 * page's title with 'Adicionar …' for administrators, the rows as cards and as
 * a table (the name first, the status last, each row's edit and delete links
 * for administrators), and the `<Outlet />` its dialogs open in. The words
 * follow from `record` (`listWords`: 'Adicionar Curso', 'Nenhum curso
 * encontrado no sistema'); who is an administrator, from the shell.
 *
 *   <RecordListPage title="Cursos" base="/courses" record="este curso" rows={courses} />
 */
export function RecordListPage<Row extends ListedRecord>({
  title,
  base,
  record,
  rows,
  nameHeader = "Nome",
  name = (row) => row.name,
  details,
  columns = [],
  actions,
}: {
  /** The page's title and the table's caption ('Cursos'). */
  title: string;
  /** The list's URL ('/courses'): the new record's dialog is `<base>/new`, a row's links start at `<base>/<id>`. */
  base: string;
  /** The record as the screens name it ("este curso"). */
  record: RecordName;
  rows: readonly Row[];
  /** The first column's header. */
  nameHeader?: string;
  /** How the card's title and the first column show the name. */
  name?: (row: Row) => ReactNode;
  /** What a card shows below its title. */
  details?: (row: Row) => ReactNode;
  /** The table's columns between the name and the status. */
  columns?: Column<Row>[];
  /** Links other than the edit and delete links: in the card (`card`) and in the table's last column (`table`, administrators only). */
  actions?: { card: (row: Row) => ReactNode; table?: (row: Row) => ReactNode };
}) {
  const { isAdmin } = useShell().permissions;
  const { add, empty } = listWords(record);
  const rowActions = (row: Row) => <RowActions base={`${base}/${row.id}`} name={row.name} />;
  const adminActions = isAdmin ? rowActions : undefined;
  return (
    <div>
      <PageHeader title={title} actions={isAdmin ? <AddLink to={`${base}/new`}>{add}</AddLink> : null} />
      <DataList
        caption={title}
        rows={rows}
        rowKey={(row) => row.id}
        empty={empty}
        card={(row) => (
          <>
            <CardHeading title={name(row)} status={<StatusBadge active={row.active} />} />
            {details?.(row)}
            {actions ? actions.card(row) : adminActions?.(row)}
          </>
        )}
        columns={[
          { header: nameHeader, cell: name, className: "font-medium" },
          ...columns,
          { header: "Status", cell: (row) => <StatusBadge active={row.active} /> },
        ]}
        actions={actions ? actions.table : adminActions}
      />
      <Outlet />
    </div>
  );
}
