import type { Route } from "./+types/family";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { getFamily } from "~/domain/family/overview.server";
import { FAMILY_NOT_FOUND } from "~/domain/family/schema";
import { NotFoundError } from "~/domain/errors";
import { formatDay } from "~/domain/calendar/dates";
import { formatPhone } from "~/lib/format";
import { actorOf, requireUser } from "~/server/session.server";
import { makeupStateLabel, presenceLabel } from "~/routes/students/+shared/makeup-screen";

/**
 * 'Minha família': the signed-in user's family, read-only: each child with its
 * classes, the next sessions (date, time, branch, classroom, teacher), the
 * presence rate and the absences with their make-ups; the family's persons.
 * A user without a family sees that there is none.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  try {
    const family = await getFamily(actorOf(user));
    return {
      family: {
        address: family.guardian.address,
        persons: family.guardian.persons.map((p) => ({ id: p.id, fullName: p.fullName, phone: p.phone, email: p.email })),
        students: family.students.map(({ student, enrollments, nextSessions, attendance }) => ({
          id: student.id,
          fullName: student.fullName,
          classes: enrollments
            .filter((e) => e.status !== "Cancelada")
            .map((e) => ({ id: e.id, classLabel: e.classLabel, branchName: e.branchName, status: e.status })),
          nextSessions: nextSessions.map((s) => ({ ...s, key: `${s.classId}|${s.scheduleId}|${s.date}` })),
          presenceRate: attendance.presenceRate,
          absences: attendance.absences.map((a) => ({
            id: a.id,
            date: a.date,
            status: a.status,
            classLabel: a.classLabel,
            makeup: a.makeup ? { date: a.makeup.date, status: a.makeup.status, classLabel: a.makeup.classLabel } : null,
          })),
        })),
      },
    };
  } catch (error) {
    if (error instanceof NotFoundError && error.message === FAMILY_NOT_FOUND) return { family: null };
    throw error;
  }
}

export default function FamilyPage({ loaderData }: Route.ComponentProps) {
  const { family } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Minha família" />
      {!family ? (
        <EmptyState message="Nenhuma família vinculada à sua conta" />
      ) : (
        <>
          {family.students.length === 0 ? <EmptyState message="Nenhum aluno cadastrado" /> : null}
          {family.students.map((s) => (
            <section key={s.id} aria-labelledby={`child-${s.id}`} className="mb-8 rounded-lg border border-slate-200 bg-white p-4">
              <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`child-${s.id}`} className="text-lg font-semibold">
                  {s.fullName}
                </h2>
                <p className="text-sm font-medium text-slate-800">{presenceLabel(s.presenceRate)}</p>
              </div>

              <h3 className="mb-1 font-semibold">Turmas</h3>
              {s.classes.length === 0 ? (
                <p className="text-sm text-slate-700">Nenhuma matrícula</p>
              ) : (
                <ul className="mb-4 space-y-1 text-sm">
                  {s.classes.map((c) => (
                    <li key={c.id}>
                      {`${c.classLabel} · ${c.branchName}`}
                      {c.status !== "Ativa" ? <span className="badge ml-2 bg-amber-100 text-amber-900">{c.status}</span> : null}
                    </li>
                  ))}
                </ul>
              )}

              <h3 className="mb-1 font-semibold">Próximas aulas</h3>
              {s.nextSessions.length === 0 ? (
                <p className="mb-4 text-sm text-slate-700">Nenhuma aula nos próximos dias</p>
              ) : (
                <ul className="mb-4 space-y-2 text-sm">
                  {s.nextSessions.map((n) => (
                    <li key={n.key}>
                      <span className="font-semibold">{`${formatDay(n.date)} · ${n.startTime}–${n.endTime}`}</span>
                      <span className="block text-slate-700">{`${n.classLabel} · ${n.branchName} · ${n.classroomName} · ${n.teacherName}`}</span>
                    </li>
                  ))}
                </ul>
              )}

              <h3 className="mb-1 font-semibold">Faltas e reposições</h3>
              {s.absences.length === 0 ? (
                <p className="text-sm text-slate-700">Nenhuma falta registrada</p>
              ) : (
                <ul className="space-y-2 text-sm">
                  {s.absences.map((a) => (
                    <li key={a.id}>
                      <span className="font-semibold">{`${formatDay(a.date)} · ${a.status}`}</span>
                      <span className="block text-slate-700">{a.classLabel}</span>
                      <span className="block">
                        {makeupStateLabel(a.makeup, formatDay)}
                        {a.makeup ? ` · ${a.makeup.classLabel}` : ""}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}

          <section aria-labelledby="family-data" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="family-data" className="mb-2 text-lg font-semibold">
              Meus dados
            </h2>
            <p className="mb-3 text-sm">{family.address}</p>
            <ul className="space-y-2 text-sm">
              {family.persons.map((p) => (
                <li key={p.id}>
                  <span className="font-semibold">{p.fullName}</span>
                  <span className="block text-slate-700">
                    {[p.email, p.phone ? formatPhone(p.phone) : null].filter(Boolean).join(" · ")}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Minha família" }];
}
