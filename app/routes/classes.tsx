import { Link, Outlet } from "react-router";
import type { Route } from "./+types/classes";
import { PlusIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { Card, EmptyState, PageHeader, ResponsiveList, StatusBadge, Td, Th } from "~/components/ui/page";
import { canManage } from "~/domain/actor";
import { listClasses, type ClassDTO } from "~/domain/classes/service.server";
import { useShell } from "~/hooks/use-shell";
import { getSelectedBranchId } from "~/preferences.server";
import { actorOf, requireUser } from "~/session.server";
import { RowActions } from "~/components/row-actions";
import { ServerCached } from "~/components/server-cached";
import { useLinkNavigation } from "~/hooks/use-link-navigation";

/** §2 Turmas: filtered on the server by the globally selected branch (a cookie, so it works without JS). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const branchId = await getSelectedBranchId(request);
  return { classes: await listClasses(actorOf(user), { branchId }), branchId, canManage: canManage(user) };
}

export default function Classes({ loaderData }: Route.ComponentProps) {
  const { classes, branchId, canManage } = loaderData;
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
          canManage ? (
            <LinkButton to="/classes/new" preventScrollReset>
              <PlusIcon /> Adicionar Turma
            </LinkButton>
          ) : null
        }
      />
      {classes.length === 0 ? (
        <EmptyState message="Nenhuma turma encontrada no sistema" />
      ) : (
        // Sixty classes are a lot of markup: it is cached as HTML on the server per
        // distinct list (ServerCached), so its links are plain anchors.
        <ServerCached as="div" name="classes-list" deps={{ classes, canManage }} onClick={onLinkClick}>
          <ClassList classes={classes} canManage={canManage} />
        </ServerCached>
      )}
      <Outlet />
    </div>
  );
}

function ClassList({ classes, canManage }: { classes: ClassDTO[]; canManage: boolean }) {
  return (
    <ResponsiveList
      cards={classes.map((c) => (
        <Card key={c.id}>
          <div className="flex items-start justify-between gap-2">
            <h2 className="font-semibold">
              {`#${c.classNumber}`} <span className="font-normal text-slate-700">{c.courseName}</span>
            </h2>
            <StatusBadge active={c.active} />
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Responsável</dt>
            <dd>{c.responsibleName}</dd>
            <dt className="text-slate-600">Unidade</dt>
            <dd>{c.branchName}</dd>
            <dt className="text-slate-600">Sala</dt>
            <dd>{c.classroomName}</dd>
            <dt className="text-slate-600">Horários</dt>
            <dd>
              <ScheduleList cls={c} />
            </dd>
          </dl>
          {canManage ? <RowActions base={`/classes/${c.id}`} name={`Turma #${c.classNumber}`} plain /> : null}
        </Card>
      ))}
      table={
        <table className="w-full">
          <caption className="sr-only">Turmas</caption>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <Th>Número</Th>
              <Th>Curso</Th>
              <Th>Responsável</Th>
              <Th>Unidade</Th>
              <Th>Sala</Th>
              <Th>Horários</Th>
              <Th>Status</Th>
              {canManage ? <Th className="text-right">Ações</Th> : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {classes.map((c) => (
              <tr key={c.id}>
                <Td className="font-medium">{`#${c.classNumber}`}</Td>
                <Td>{c.courseName}</Td>
                <Td>{c.responsibleName}</Td>
                <Td>{c.branchName}</Td>
                <Td>{c.classroomName}</Td>
                <Td>
                  <ScheduleList cls={c} />
                </Td>
                <Td>
                  <StatusBadge active={c.active} />
                </Td>
                {canManage ? (
                  <Td className="text-right">
                    <RowActions base={`/classes/${c.id}`} name={`Turma #${c.classNumber}`} plain />
                  </Td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function ScheduleList({ cls }: { cls: ClassDTO }) {
  if (cls.schedules.length === 0) return <span>-</span>;
  return (
    <ul className="space-y-0.5">
      {cls.schedules.map((s) => (
        <li key={s.id} className="whitespace-nowrap">
          {s.label}
        </li>
      ))}
    </ul>
  );
}

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Turmas" }];
}
