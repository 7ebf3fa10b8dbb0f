import { Link, Outlet } from "react-router";
import type { Route } from "./+types/class-students";
import { PlusIcon } from "~/components/icons";
import { buttonClass, ExportCsvLink, LinkButton } from "~/components/ui/button";
import { DataList, PageSection, StatusBadge } from "~/components/ui/page";
import { ServerCached } from "~/components/server-cached";
import { isAdmin, isStaff } from "~/domain/access/roles";
import { getClass } from "~/domain/classes/queries.server";
import { getClassEnrollments, promotionNotices, type PromotionNotice } from "~/domain/enrollments/queries.server";
import type { RosterEntryDTO } from "~/domain/enrollments/schema";
import { orRespond } from "~/server/forms.server";
import { actorOf, requireUser } from "~/server/session.server";
import { formatDay } from "~/domain/calendar/dates";
import { seatMessage, whatsappLink } from "~/lib/whatsapp";
import { useLinkNavigation } from "~/hooks/use-link-navigation";

/**
 * /classes/:id/students: 'Alunos da Turma': the active enrolments ('N de M
 * vagas') and the waiting list in its order, each pupil with its actions ('Ver
 * aluno', 'Cancelar matrícula'); a pupil who left the waiting list in the last
 * days offers 'Avisar no WhatsApp' (the seat, from when, and the payment link).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const actor = actorOf(user);
  const [cls, roster] = await orRespond(Promise.all([getClass(actor, params.id), getClassEnrollments(actor, params.id)]));
  const title = `${cls.courseName} - Turma ${cls.classNumber}`;
  const notices = isStaff(user) ? await promotionNotices(roster.enrollments) : new Map<string, PromotionNotice>();
  const entry = (e: RosterEntryDTO) => {
    const notice = notices.get(e.id);
    return {
      id: e.id,
      studentId: e.studentId,
      studentName: e.studentName,
      startDate: e.startDate,
      waitlistPosition: e.waitlistPosition,
      promoted: notice !== undefined,
      whatsapp:
        notice?.phone && notice.checkoutLink
          ? whatsappLink(
              notice.phone,
              seatMessage({
                guardianName: notice.guardianName,
                studentName: e.studentName,
                classLabel: title,
                startDate: formatDay(e.startDate),
                checkoutLink: notice.checkoutLink,
              }),
            )
          : null,
    };
  };
  return {
    cls: {
      id: cls.id,
      title,
      branchName: cls.branchName,
      classroomName: cls.classroomName,
      schedules: cls.schedules.map((s) => s.label),
      active: cls.active,
    },
    capacity: roster.capacity,
    active: roster.active,
    enrollments: roster.enrollments.map(entry),
    waitlist: roster.waitlist.map(entry),
    canEnroll: isStaff(user),
    isAdmin: isAdmin(user),
  };
}

type Entry = Route.ComponentProps["loaderData"]["enrollments"][number];

const linkClass = "link";

export default function ClassStudents({ loaderData }: Route.ComponentProps) {
  const { cls, capacity, active, enrollments, waitlist, canEnroll, isAdmin } = loaderData;
  const base = `/classes/${cls.id}/students`;
  // The rows' links are plain anchors, followed on the client by one handler (useLinkNavigation):
  // a router <Link> per link was a tenth of a long roster's rendering time on the server.
  const onLinkClick = useLinkNavigation({ preventScrollReset: false });
  const student = (e: Entry) => (
    <a href={`/students/${e.studentId}`} className={linkClass}>
      {e.studentName}
    </a>
  );
  // Each pupil's actions: from 768 px in the table's last column, below it at the foot of the pupil's card.
  // The lists are one table each, rendered once: below 768 px each row is a card by CSS (DataList without `card`).
  const actions = (e: Entry) => (
    <div className="flex flex-wrap justify-end gap-2">
      {e.whatsapp ? (
        <a href={e.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("default", "sm")}>
          Avisar no WhatsApp<span className="sr-only">{` a família de ${e.studentName}`}</span>
        </a>
      ) : null}
      <a href={`/students/${e.studentId}`} className={buttonClass("outline", "sm")}>
        Ver aluno<span className="sr-only">{` ${e.studentName}`}</span>
      </a>
      {isAdmin ? (
        <a href={`${base}/${e.id}/cancel`} data-keep-scroll className={buttonClass("outline", "sm", "text-red-800")}>
          Cancelar matrícula<span className="sr-only">{` de ${e.studentName}`}</span>
        </a>
      ) : null}
    </div>
  );
  const promotedNote = (e: Entry) =>
    e.promoted ? <span className="badge ml-2 bg-amber-100 text-amber-900">Saiu da lista de espera</span> : null;
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
        <div className="flex flex-wrap gap-2">
          <ExportCsvLink href={`/api/enrollments?format=csv&classId=${cls.id}`} />
          {canEnroll && cls.active ? (
            <LinkButton to={`${base}/enroll`} preventScrollReset>
              <PlusIcon /> Matricular aluno
            </LinkButton>
          ) : null}
        </div>
      </div>

      {/* The two lists, the same for every visit until an enrolment changes: their HTML is
          rendered once per distinct roster on the server (ServerCached). */}
      <ServerCached as="div" name="class-roster" deps={{ enrollments, waitlist, isAdmin, base }} onClick={onLinkClick}>
        {() => (
          <>
            <PageSection id="roster-active" title="Matriculados">
              <DataList
                caption="Alunos matriculados"
                rows={enrollments}
                empty="Nenhuma matrícula"
                tableFrom="md"
                columns={[
                  {
                    header: "Aluno",
                    cell: (e) => (
                      <>
                        {student(e)}
                        {promotedNote(e)}
                      </>
                    ),
                    stack: "title",
                  },
                  { header: "Início", cell: (e) => formatDay(e.startDate), className: "whitespace-nowrap" },
                ]}
                actions={actions}
              />
            </PageSection>

            <PageSection id="roster-waitlist" title="Lista de espera" className="mt-8">
              <DataList
                caption="Lista de espera, em ordem"
                rows={waitlist}
                empty="Lista de espera vazia"
                tableFrom="md"
                // Three columns, so the table fits the 768 px screen beside the menu; on a card the position is in its corner.
                columns={[
                  { header: "Posição", cell: (e) => `${e.waitlistPosition}º`, className: "whitespace-nowrap", stack: "status" },
                  {
                    header: "Aluno",
                    cell: (e) => (
                      <>
                        {student(e)}
                        <span className="block font-normal text-slate-700">Início pedido: {formatDay(e.startDate)}</span>
                      </>
                    ),
                    stack: "title",
                  },
                ]}
                actions={actions}
              />
            </PageSection>
          </>
        )}
      </ServerCached>
      <Outlet />
    </div>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.cls ? `Alunos da Turma - ${data.cls.title}` : "Alunos da Turma" }];
}
