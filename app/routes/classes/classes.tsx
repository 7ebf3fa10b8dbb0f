import { Link, Outlet } from "react-router";
import type { Route } from "./+types/classes";
import { buttonClass, ExportCsvLink } from "~/components/ui/button";
import { EmptyState, PageHeader, StatusBadge, Th } from "~/components/ui/page";
import { isAdmin } from "~/domain/access/roles";
import type { ClassDTO } from "~/domain/classes/schema";
import { listClasses } from "~/domain/classes/queries.server";
import { classOccupancy } from "~/domain/enrollments/queries.server";
import { useShell } from "~/hooks/use-shell";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { actorOf, requireUser } from "~/server/session.server";
import { AddLink, EditDeleteLinks } from "~/components/row-actions";
import { ServerCached } from "~/components/server-cached";
import { useLinkNavigation } from "~/hooks/use-link-navigation";

/** §2 Turmas: filtered on the server by the globally selected branch (a cookie, so it works without JS). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const branchId = await getSelectedBranchId(context);
  const classes = await listClasses(actorOf(user), { branchId });
  // One grouped read for every listed class's places (active enrolments of its classroom's capacity).
  const occupancy = await classOccupancy(classes.map((c) => c.id));
  // Only what the list shows travels to the browser (it hydrates from this data),
  // as one JSON string: the loader data's encoding goes value by value. The
  // occupancy is part of it, so the cached markup changes with every enrolment.
  const rows = classes.map((c) => toRow(c, occupancy.get(c.id)));
  return { classes: JSON.stringify(rows), count: classes.length, branchId, isAdmin: isAdmin(user) };
}

type ClassRow = ReturnType<typeof toRow>;

function toRow(c: ClassDTO, places: { active: number; capacity: number } | undefined) {
  return {
    occupancy: places ? `${places.active}/${places.capacity}` : "-",
    id: c.id,
    classNumber: c.classNumber,
    courseName: c.courseName,
    responsibleName: c.responsibleName,
    branchName: c.branchName,
    classroomName: c.classroomName,
    schedules: c.schedules.map((s) => s.label),
    active: c.active,
  };
}

export default function Classes({ loaderData }: Route.ComponentProps) {
  const { classes, count, branchId, isAdmin } = loaderData;
  const { branches } = useShell();
  const onLinkClick = useLinkNavigation();
  const branchName = branchId ? branches.find((b) => b.id === branchId)?.name : undefined;
  return (
    <div>
      <PageHeader
        title="Turmas"
        description={
          branchName ? (
            <span data-testid="classes-branch-filter">
              Unidade: <strong className="font-semibold text-slate-900">{branchName}</strong>{" "}
              <span className="text-sm">
                (altere a unidade no{" "}
                <Link
                  to="/"
                  className="underline underline-offset-2 hover:text-violet-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
                >
                  Dashboard
                </Link>
                )
              </span>
            </span>
          ) : undefined
        }
        actions={
          <>
            <ExportCsvLink href={`/api/classes?format=csv${branchId ? `&branchId=${branchId}` : ""}`} />
            {isAdmin ? <AddLink to="/classes/new">Adicionar Turma</AddLink> : null}
          </>
        }
      />
      {count === 0 ? (
        <EmptyState message="Nenhuma turma encontrada no sistema" />
      ) : (
        // One table for every screen width (below lg each row is a card, see
        // .stack in app.css); few, wrapping columns, so it fits a 1280 px screen. Sixty classes are a lot of markup: it is cached as
        // HTML on the server per distinct list (ServerCached), so its links are
        // plain anchors.
        <div className="stack-wrap">
          <table className="stack">
            <caption className="sr-only">Turmas</caption>
            <thead>
              <tr>
                <Th>Turma</Th>
                <Th>Responsável</Th>
                <Th>Local</Th>
                <Th>Horários</Th>
                <Th>Ocupação</Th>
                <Th>Status</Th>
                <Th className="text-right">Ações</Th>
              </tr>
            </thead>
            <ServerCached as="tbody" name="classes-list" deps={{ classes, isAdmin }} onClick={onLinkClick}>
              {() => (JSON.parse(classes) as ClassRow[]).map((c) => <ClassTableRow key={c.id} cls={c} isAdmin={isAdmin} />)}
            </ServerCached>
          </table>
        </div>
      )}
      <Outlet />
    </div>
  );
}

function ClassTableRow({ cls: c, isAdmin }: { cls: ClassRow; isAdmin: boolean }) {
  return (
    <tr>
      <td className="td stack-title">
        <b>{`#${c.classNumber}`}</b> {c.courseName}
      </td>
      <td className="td" data-label="Responsável">
        {c.responsibleName}
      </td>
      <td className="td" data-label="Local">
        {c.branchName}
        <span className="block text-slate-600">{c.classroomName}</span>
      </td>
      <td className="td" data-label="Horários">
        {c.schedules.length === 0 ? (
          "-"
        ) : (
          <ul>
            {c.schedules.map((label, i) => (
              <li key={i}>{label}</li>
            ))}
          </ul>
        )}
      </td>
      <td className="td" data-label="Ocupação">
        <a href={`/classes/${c.id}/students`} className="link whitespace-nowrap">
          {c.occupancy}
          <span className="sr-only">{` - Alunos da Turma #${c.classNumber}`}</span>
        </a>
      </td>
      <td className="td stack-status">
        <StatusBadge active={c.active} />
      </td>
      <td className="td text-right">
        {/* Wraps rather than widening the table: at 1280 px the whole table fits its box, 'Chamada' included. */}
        <div className="mt-3 flex flex-wrap justify-end gap-2 lg:mt-0">
          {/* The roll call of the class's latest session. */}
          <a href={`/classes/${c.id}/attendance`} className={buttonClass("outline", "sm")}>
            Chamada<span className="sr-only">{` Turma #${c.classNumber}`}</span>
          </a>
          {isAdmin ? <EditDeleteLinks base={`/classes/${c.id}`} name={`Turma #${c.classNumber}`} plain wideLabels /> : null}
        </div>
      </td>
    </tr>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Turmas" }];
}
