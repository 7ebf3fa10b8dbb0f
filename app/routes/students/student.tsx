import { Link, Outlet } from "react-router";
import type { Route } from "./+types/student";
import { FinanceSection } from "~/features/charges/finance-section";
import { financeSection } from "~/features/charges/finance-section.server";
import { PlusIcon, SpriteIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { auditHref } from "~/features/audit/audit-links";
import { Badge, Card, CardHeading, DataList, PageSection, StatusBadge } from "~/components/ui/page";
import { isAdmin, isStaff } from "~/domain/access/roles";
import { CANCELLED, WAITLISTED } from "~/domain/enrollment-status";
import { getStudentOverview } from "~/domain/enrollments/queries.server";
import { ageOn } from "~/domain/students/queries.server";
import { studentAttendance } from "~/domain/attendance/queries.server";
import { makeupWindow } from "~/domain/attendance/makeups/queries.server";
import { formatDay, today } from "~/domain/calendar/dates";
import { formatBRL, formatPhone } from "~/lib/format";
import { orRespond } from "~/server/forms.server";
import { actorOf, requireUser } from "~/server/session.server";
import { ageLabel } from "./+shared/student-screen";
import { EnrollmentStatusBadge } from "./+shared/enrollment-status";
import { AttendanceSection, RECENT_RECORDS } from "./+shared/student-attendance";

/**
 * /students/:id: the student, the family (address, persons), the enrolments and
 * the attendance ('Frequência': the rate, the absences with their make-ups, the
 * recent records; `?historico=todos` all of them), with the actions the user may take.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context);
  const actor = actorOf(user);
  const [{ student, guardian, enrollments }, attendance] = await orRespond(
    Promise.all([getStudentOverview(actor, params.id), studentAttendance(actor, params.id)]),
  );
  const finance = await financeSection(actor, { studentId: student.id });
  const allRecords = new URL(request.url).searchParams.get("historico") === "todos";
  const now = today();
  return {
    finance,
    student: {
      id: student.id,
      fullName: student.fullName,
      birthDate: student.birthDate,
      age: ageOn(student.birthDate, today()),
      notes: student.notes,
      active: student.active,
    },
    family: {
      id: guardian.id,
      address: guardian.address,
      persons: guardian.persons.map((p) => ({ id: p.id, fullName: p.fullName, phone: p.phone, email: p.email, isPrimary: p.isPrimary })),
    },
    enrollments: enrollments.map((e) => ({
      id: e.id,
      classId: e.classId,
      classLabel: e.classLabel,
      branchName: e.branchName,
      offer: `${e.offerName} - ${formatBRL(e.offerValue)}`,
      discount: e.discountPercent > 0 ? `${e.discountPercent.toLocaleString("pt-BR")}%` : "—",
      startDate: e.startDate,
      status: e.status,
      waitlistPosition: e.waitlistPosition,
      cancelReason: e.cancelReason,
    })),
    attendance: {
      presenceRate: attendance.presenceRate,
      total: attendance.records.length,
      all: allRecords,
      records: (allRecords ? attendance.records : attendance.records.slice(0, RECENT_RECORDS)).map((r) => ({
        id: r.id,
        date: r.date,
        classLabel: r.classLabel,
        status: r.status,
        note: r.note,
        makeup: r.makeupId !== null,
      })),
      absences: attendance.absences.map((a) => {
        const window = makeupWindow(a.date, now);
        return {
          id: a.id,
          date: a.date,
          classLabel: a.classLabel,
          status: a.status,
          makeup: a.makeup ? { id: a.makeup.id, date: a.makeup.date, status: a.makeup.status, classLabel: a.makeup.classLabel } : null,
          // Within the 30 days after it there is still a session to book.
          bookable: window.from <= window.to,
        };
      }),
    },
    canEnroll: isStaff(user),
    isAdmin: isAdmin(user),
    canBookMakeups: isStaff(user),
  };
}

type EnrollmentRow = Route.ComponentProps["loaderData"]["enrollments"][number];

export default function StudentPage({ loaderData }: Route.ComponentProps) {
  const { student, family, enrollments, attendance, canEnroll, isAdmin, canBookMakeups } = loaderData;
  const base = `/students/${student.id}`;
  const cancelLink = (e: EnrollmentRow) =>
    isAdmin && e.status !== CANCELLED ? (
      <div className="flex flex-wrap justify-end gap-2">
        <LinkButton to={`${base}/enrollments/${e.id}/discount`} variant="outline" size="sm" preventScrollReset>
          Editar desconto<span className="sr-only"> em {e.classLabel}</span>
        </LinkButton>
        <LinkButton to={`${base}/enrollments/${e.id}/cancel`} variant="outline" size="sm" preventScrollReset className="text-red-800">
          Cancelar matrícula<span className="sr-only"> em {e.classLabel}</span>
        </LinkButton>
      </div>
    ) : null;
  const classLink = (e: EnrollmentRow) => (
    <Link to={`/classes/${e.classId}/students`} className="link">
      {e.classLabel}
    </Link>
  );
  const status = (e: EnrollmentRow) => (
    <>
      <EnrollmentStatusBadge status={e.status} position={e.waitlistPosition} />
      {e.status === CANCELLED && e.cancelReason ? (
        <span className="mt-1 block text-xs text-slate-700">Motivo: {e.cancelReason}</span>
      ) : null}
    </>
  );
  return (
    <div>
      <nav aria-label="Trilha" className="mb-2 text-sm">
        <Link to="/students" className="link">
          Alunos
        </Link>
      </nav>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{student.fullName}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <StatusBadge active={student.active} />
            <span>{ageLabel(student.age)}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canEnroll && student.active ? (
            <LinkButton to={`${base}/enroll`} preventScrollReset>
              <PlusIcon /> Nova matrícula
            </LinkButton>
          ) : null}
          {isAdmin ? (
            <>
              <LinkButton to={`${base}/edit`} variant="outline" preventScrollReset>
                <SpriteIcon name="pencil" /> Editar
              </LinkButton>
              <LinkButton to={`${base}/delete`} variant="outline" preventScrollReset className="text-red-800">
                <SpriteIcon name="trash" /> Excluir
              </LinkButton>
              <LinkButton to={auditHref({ entity: "students", entityId: student.id })} variant="outline">
                Ver alterações
              </LinkButton>
            </>
          ) : null}
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="font-semibold">Dados do aluno</h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Data de nascimento</dt>
            <dd>{formatDay(student.birthDate)}</dd>
            <dt className="text-slate-600">Idade</dt>
            <dd>{ageLabel(student.age)}</dd>
            <dt className="text-slate-600">Observações</dt>
            <dd className="whitespace-pre-line">{student.notes || "-"}</dd>
          </dl>
        </Card>
        <Card>
          <h2 className="font-semibold">Família</h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Endereço</dt>
            <dd>{family.address}</dd>
          </dl>
          <ul className="mt-3 space-y-2" aria-label="Pessoas da família">
            {family.persons.map((p) => (
              <li key={p.id} className="rounded-md border border-slate-200 p-2 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {p.fullName}
                  {p.isPrimary ? <Badge>Principal</Badge> : null}
                </p>
                <p className="text-slate-700">
                  Telefone: {formatPhone(p.phone) || "-"}
                  <span className="block break-all">E-mail: {p.email}</span>
                </p>
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <PageSection id="enrollments-title" title="Matrículas" className="mt-8">
        <DataList
          caption="Matrículas"
          rows={enrollments}
          empty="Nenhuma matrícula"
          card={(e) => (
            <>
              <CardHeading as="h3" title={classLink(e)} status={<div className="text-right">{status(e)}</div>} />
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-600">Unidade</dt>
                <dd>{e.branchName}</dd>
                <dt className="text-slate-600">Oferta</dt>
                <dd>{e.offer}</dd>
                <dt className="text-slate-600">Desconto</dt>
                <dd>{e.discount}</dd>
                <dt className="text-slate-600">Início</dt>
                <dd>{formatDay(e.startDate)}</dd>
              </dl>
              {cancelLink(e) ? <div className="mt-3 flex justify-end">{cancelLink(e)}</div> : null}
            </>
          )}
          columns={[
            { header: "Turma", cell: classLink },
            { header: "Unidade", cell: (e) => e.branchName },
            { header: "Oferta", cell: (e) => e.offer },
            { header: "Desconto", cell: (e) => e.discount, className: "whitespace-nowrap" },
            { header: "Início", cell: (e) => formatDay(e.startDate), className: "whitespace-nowrap" },
            { header: "Status", cell: status },
          ]}
          actions={isAdmin ? (e) => cancelLink(e) : undefined}
        />
        {enrollments.some((e) => e.status === WAITLISTED) ? (
          <p className="mt-2 text-sm text-slate-700">Matrículas em espera passam a ativas quando uma vaga da turma é liberada.</p>
        ) : null}
      </PageSection>
      <AttendanceSection studentId={student.id} attendance={attendance} canBook={canBookMakeups} />
      <FinanceSection {...loaderData.finance} />
      <Outlet />
    </div>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.student ? `${data.student.fullName} - Alunos` : "Aluno" }];
}
