import { Outlet } from "react-router";
import type { Route } from "./+types/courses";
import { CardHeading, DataList, PageHeader, StatusBadge } from "~/components/ui/page";
import { isAdmin } from "~/domain/access/roles";
import { listCourses } from "~/domain/courses/queries.server";
import { actorOf, requireUser } from "~/server/session.server";
import { AddLink, RowActions } from "~/components/row-actions";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { courses: await listCourses(actorOf(user)), isAdmin: isAdmin(user) };
}

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { courses, isAdmin } = loaderData;
  return (
    <div>
      <PageHeader title="Cursos" actions={isAdmin ? <AddLink to="/courses/new">Adicionar Curso</AddLink> : null} />
      <DataList
        caption="Cursos"
        rows={courses}
        empty="Nenhum curso encontrado no sistema"
        card={(c) => (
          <>
            <CardHeading title={c.name} status={<StatusBadge active={c.active} />} />
            {isAdmin ? <RowActions base={`/courses/${c.id}`} name={c.name} /> : null}
          </>
        )}
        columns={[
          { header: "Nome", cell: (c) => c.name, className: "font-medium" },
          { header: "Status", cell: (c) => <StatusBadge active={c.active} /> },
        ]}
        actions={isAdmin ? (c) => <RowActions base={`/courses/${c.id}`} name={c.name} /> : undefined}
      />
      <Outlet />
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Cursos" }];
}
