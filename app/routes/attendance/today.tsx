import type { Route } from "./+types/today";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { todaySessions } from "~/domain/attendance/queries.server";
import { today } from "~/domain/calendar/dates";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { useShell } from "~/hooks/use-shell";
import { useLinkNavigation } from "~/hooks/use-link-navigation";
import { cn } from "~/lib/cn";
import { actorOf, requireUser } from "~/server/session.server";
import { orRespond } from "~/server/forms.server";
import { rollCallUrl, sessionDayLabel } from "./+shared/roll-call-screen";

/** 'Aulas de Hoje': today's sessions of the selected branch, by start time; one tap opens the roll call. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const branchId = await getSelectedBranchId(context);
  const date = today();
  const sessions = branchId ? await orRespond(todaySessions(actorOf(user), { branchId, date })) : [];
  return {
    date,
    branchId,
    sessions: sessions.map((s) => ({
      href: rollCallUrl(s.classId, s),
      classLabel: s.classLabel,
      teacherName: s.teacherName,
      classroomName: s.classroomName,
      startTime: s.startTime,
      endTime: s.endTime,
      students: s.students,
      attendanceTaken: s.attendanceTaken,
    })),
  };
}

export default function Today({ loaderData }: Route.ComponentProps) {
  const { date, branchId, sessions } = loaderData;
  const { branches } = useShell();
  const onLinkClick = useLinkNavigation({ preventScrollReset: false });
  const branchName = branchId ? branches.find((b) => b.id === branchId)?.name : undefined;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Aulas de Hoje"
        description={
          <>
            <span className="block">{sessionDayLabel(date)}</span>
            {branchName ? (
              <span className="block text-sm" data-testid="today-branch">
                Unidade: <strong className="font-semibold text-slate-900">{branchName}</strong>
              </span>
            ) : null}
          </>
        }
      />
      {sessions.length === 0 ? (
        <EmptyState message="Nenhuma aula hoje nesta unidade" />
      ) : (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated: the clicks come from the links inside, which the keyboard activates as links
        <ul className="space-y-3" aria-label="Aulas de hoje" onClick={onLinkClick}>
          {sessions.map((s) => (
            <li key={s.href}>
              <a href={s.href} className="today-card">
                <span className="today-time">
                  {s.startTime}
                  <span>{`–${s.endTime}`}</span>
                </span>
                <span className="today-main">
                  <b>{s.classLabel}</b>
                  <span>{`${s.teacherName} · ${s.classroomName}`}</span>
                </span>
                <span className="today-side">
                  {`${s.students} ${s.students === 1 ? "aluno" : "alunos"}`}
                  <span className={cn("badge", s.attendanceTaken ? "badge-on" : "rc-pending")}>
                    {s.attendanceTaken ? "Chamada feita" : "Chamada pendente"}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Aulas de Hoje" }];
}
