import { Outlet } from "react-router";
import type { Route } from "./+types/courses";
import { PlusIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { Card, EmptyState, PageHeader, ResponsiveList, StatusBadge, Td, Th } from "~/components/ui/page";
import { canManage } from "~/domain/actor";
import { listCourses } from "~/domain/courses/queries.server";
import { actorOf, requireUser } from "~/session.server";
import { RowActions } from "~/components/row-actions";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { courses: await listCourses(actorOf(user)), canManage: canManage(user) };
}

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { courses, canManage } = loaderData;
  return (
    <div>
      <PageHeader
        title="Cursos"
        actions={
          canManage ? (
            <LinkButton to="/courses/new" preventScrollReset>
              <PlusIcon /> Adicionar Curso
            </LinkButton>
          ) : null
        }
      />
      {courses.length === 0 ? (
        <EmptyState message="Nenhum curso encontrado no sistema" />
      ) : (
        <ResponsiveList
          cards={courses.map((c) => (
            <Card key={c.id}>
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold">{c.name}</h2>
                <StatusBadge active={c.active} />
              </div>
              {canManage ? <RowActions base={`/courses/${c.id}`} name={c.name} /> : null}
            </Card>
          ))}
          table={
            <table className="w-full">
              <caption className="sr-only">Cursos</caption>
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  <Th>Nome</Th>
                  <Th>Status</Th>
                  {canManage ? <Th className="text-right">Ações</Th> : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {courses.map((c) => (
                  <tr key={c.id}>
                    <Td className="font-medium">{c.name}</Td>
                    <Td>
                      <StatusBadge active={c.active} />
                    </Td>
                    {canManage ? (
                      <Td className="text-right">
                        <RowActions base={`/courses/${c.id}`} name={c.name} />
                      </Td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      )}
      <Outlet />
    </div>
  );
}

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Cursos" }];
}
