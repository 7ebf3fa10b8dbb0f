import { Link, Outlet } from "react-router";
import type { Route } from "./+types/class-students";
import { PlusIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { DataList, EmptyState, StatusBadge } from "~/components/ui/page";
import { canManage, canManageTrials } from "~/domain/actor";
import { getClass } from "~/domain/classes/queries.server";
import { getClassEnrollments } from "~/domain/enrollments/queries.server";
import type { RosterEntryDTO } from "~/domain/enrollments/schema";
import { orRespond } from "~/server/forms.server";
import { actorOf, requireUser } from "~/server/session.server";
import { formatDay } from "~/domain/calendar/dates";

/** /classes/:id/students: 'Alunos da Turma': the active enrolments ('N de M vagas') and the waiting list in its order. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const actor = actorOf(user);
  const [cls, roster] = await orRespond(Promise.all([getClass(actor, params.id), getClassEnrollments(actor, params.id)]));
  const entry = (e: RosterEntryDTO) => ({
    id: e.id,
    studentId: e.studentId,
    studentName: e.studentName,
    startDate: e.startDate,
    waitlistPosition: e.waitlistPosition,
  });
  return {
    cls: {
      id: cls.id,
      title: `${cls.courseName} - Turma ${cls.classNumber}`,
      branchName: cls.branchName,
      classroomName: cls.classroomName,
      schedules: cls.schedules.map((s) => s.label),
      active: cls.active,
    },
    capacity: roster.capacity,
    active: roster.active,
    enrollments: roster.enrollments.map(entry),
    waitlist: roster.waitlist.map(entry),
    canEnroll: canManageTrials(user),
    canManage: canManage(user),
  };
}

type Entry = Route.ComponentProps["loaderData"]["enrollments"][number];

const linkClass = "link";

export default function ClassStudents({ loaderData }: Route.ComponentProps) {
  const { cls, capacity, active, enrollments, waitlist, canEnroll, canManage } = loaderData;
  const base = `/classes/${cls.id}/students`;
  const student = (e: Entry) => (
    <Link to={`/students/${e.studentId}`} className={linkClass}>
      {e.studentName}
    </Link>
  );
  const cancel = (e: Entry) =>
    canManage ? (
      <LinkButton to={`${base}/${e.id}/cancel`} variant="outline" size="sm" preventScrollReset className="text-red-800">
        Cancelar<span className="sr-only"> a matrícula de {e.studentName}</span>
      </LinkButton>
    ) : null;
  return (
    <div>
      <nav aria-label="Trilha" className="mb-2 text-sm">
        <Link to="/classes" className={linkClass}>
          Turmas
        </Link>
      </nav>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Alunos da Turma</h1>
          <p className="mt-1 text-slate-700">
            <strong className="font-semibold text-slate-900">{cls.title}</strong> · {cls.branchName} · {cls.classroomName}
            {cls.schedules.length ? ` · ${cls.schedules.join(", ")}` : ""}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <span className="font-semibold" data-testid="roster-occupancy">{`${active} de ${capacity} vagas`}</span>
            {active >= capacity ? <span className="badge bg-red-100 text-red-900">Turma lotada</span> : null}
            {cls.active ? null : <StatusBadge active={false} />}
          </p>
        </div>
        {canEnroll && cls.active ? (
          <div className="flex flex-wrap gap-2">
            <LinkButton to={`${base}/enroll`} preventScrollReset>
              <PlusIcon /> Matricular aluno
            </LinkButton>
          </div>
        ) : null}
      </div>

      <section aria-labelledby="roster-active">
        <h2 id="roster-active" className="mb-3 text-lg font-semibold">
          Matriculados
        </h2>
        <DataList
          caption="Alunos matriculados"
          rows={enrollments}
          rowKey={(e) => e.id}
          empty="Nenhuma matrícula"
          card={(e) => (
            <>
              <h3 className="font-semibold">{student(e)}</h3>
              <p className="mt-1 text-sm text-slate-700">Início: {formatDay(e.startDate)}</p>
              {cancel(e) ? <div className="mt-3 flex justify-end">{cancel(e)}</div> : null}
            </>
          )}
          columns={[
            { header: "Aluno", cell: student },
            { header: "Início", cell: (e) => formatDay(e.startDate), className: "whitespace-nowrap" },
          ]}
          actions={canManage ? cancel : undefined}
        />
      </section>

      <section aria-labelledby="roster-waitlist" className="mt-8">
        <h2 id="roster-waitlist" className="mb-3 text-lg font-semibold">
          Lista de espera
        </h2>
        {waitlist.length === 0 ? (
          <EmptyState message="Lista de espera vazia" />
        ) : (
          <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Lista de espera, em ordem">
            {waitlist.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <span className="mr-2 inline-block min-w-8 font-semibold text-slate-700">{`${e.waitlistPosition}º`}</span>
                  {student(e)}
                  <span className="ml-2 text-sm text-slate-700">Início: {formatDay(e.startDate)}</span>
                </div>
                {cancel(e)}
              </li>
            ))}
          </ol>
        )}
      </section>
      <Outlet />
    </div>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.cls ? `Alunos da Turma - ${data.cls.title}` : "Alunos da Turma" }];
}
