import { Outlet, useLocation } from "react-router";
import { AddLink } from "~/components/row-actions";
import { ListSearch } from "~/components/list-search";
import type { Route } from "./+types/students";
import { ExportCsvLink } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { DataList, PageHeader, StatusBadge } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { ServerCached } from "~/components/server-cached";
import { isStaff } from "~/domain/access/roles";
import { listStudentsPage } from "~/domain/enrollments/queries.server";
import { actorOf, requireUser } from "~/server/session.server";
import { ageLabel, listHref, readListParams } from "./+shared/student-screen";
import { EnrollmentStatusBadge } from "./+shared/enrollment-status";
import { useLinkNavigation } from "~/hooks/use-link-navigation";

/** /students?q=&status=&page=: the search, the status filter and the page live in the URL (they work without JS). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { q, status, page } = readListParams(new URL(request.url));
  const result = await listStudentsPage(actorOf(user), { q, status, page });
  // Only what a row shows travels to the browser.
  const students = result.students.map((s) => ({
    id: s.id,
    fullName: s.fullName,
    age: s.age,
    guardianName: s.guardianName,
    classes: s.classes,
    active: s.active,
  }));
  return { students, q, status, page: result.page, pageCount: result.pageCount, total: result.total, canCreate: isStaff(user) };
}

type StudentListRow = Route.ComponentProps["loaderData"]["students"][number];

const STATUS_CHOICES = [
  { value: "", label: "Todos" },
  { value: "active", label: "Ativos" },
  { value: "inactive", label: "Inativos" },
] as const;

export default function Students({ loaderData }: Route.ComponentProps) {
  const { students, q, status, page, pageCount, total, canCreate } = loaderData;
  const { search } = useLocation();
  // One table rendered once (a card per row below lg, by CSS), its links plain anchors followed on the client by one handler.
  const onLinkClick = useLinkNavigation({ preventScrollReset: false });
  const name = (s: StudentListRow) => (
    <a href={`/students/${s.id}`} className="link">
      {s.fullName}
    </a>
  );
  // Each class with its enrolment's real state, in the words of the student's page ('Ativa', 'Em espera (2º)').
  const classes = (s: StudentListRow) =>
    s.classes.length === 0 ? (
      "-"
    ) : (
      <ul className="space-y-1">
        {s.classes.map((c) => (
          <li key={c.label} className="flex flex-wrap items-center gap-x-2">
            <span>{c.label}</span> <EnrollmentStatusBadge status={c.status} position={c.waitlistPosition} />
          </li>
        ))}
      </ul>
    );
  return (
    <div>
      <PageHeader
        title="Alunos"
        actions={
          <>
            <ExportCsvLink
              href={`/api/students?${new URLSearchParams({ format: "csv", ...(q ? { q } : {}), ...(status ? { status } : {}) })}`}
            />
            {canCreate ? <AddLink to={`/students/new${search}`}>Novo Aluno</AddLink> : null}
          </>
        }
      />
      <ListSearch id="student-search" label="Buscar por nome" q={q} clearTo="/students" filtered={Boolean(q || status)}>
        <div className="space-y-1.5 sm:w-40">
          <label htmlFor="student-status" className="block text-sm font-medium text-slate-900">
            Status
          </label>
          <select id="student-status" name="status" defaultValue={status ?? ""} key={status ?? ""} className={inputClass}>
            {STATUS_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      </ListSearch>
      {students.length > 0 ? (
        <p className="mb-3 text-sm text-slate-700" aria-live="polite">
          {total === 1 ? "1 aluno" : `${total} alunos`}
        </p>
      ) : null}
      {/* The page's rows, the same for every visit until a student changes: their HTML is
          rendered once per distinct page on the server (ServerCached). */}
      <ServerCached as="div" name="students-list" deps={students} onClick={onLinkClick}>
        {() => (
          <DataList
            caption="Alunos"
            rows={students}
            empty="Nenhum aluno encontrado"
            columns={[
              { header: "Nome", cell: name, stack: "title" },
              { header: "Idade", cell: (s) => ageLabel(s.age), className: "whitespace-nowrap" },
              { header: "Responsável", cell: (s) => s.guardianName },
              { header: "Turmas", cell: classes },
              { header: "Status", cell: (s) => <StatusBadge active={s.active} />, stack: "status" },
            ]}
          />
        )}
      </ServerCached>
      <Pagination page={page} pageCount={pageCount} href={(p) => listHref({ q, status, page: p })} />
      <Outlet />
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Alunos" }];
}
