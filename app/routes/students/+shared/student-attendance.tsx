import { Link } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { CardHeading, DataList } from "~/components/ui/page";
import { makeupStateLabel, presenceLabel } from "~/features/makeups/makeup-screen";
import { formatDay } from "~/domain/calendar/dates";

/** How many of the newest records the student's page shows before 'Ver histórico completo'. */
export const RECENT_RECORDS = 10;

export interface AttendanceView {
  presenceRate: number | null;
  /** How many records the student has in all. */
  total: number;
  /** True when `records` holds all of them (`?historico=todos`). */
  all: boolean;
  records: Array<{ id: string; date: string; classLabel: string; status: string; note: string | null; makeup: boolean }>;
  absences: Array<{
    id: string;
    date: string;
    classLabel: string;
    status: string;
    makeup: { id: string; date: string; status: string; classLabel: string } | null;
    bookable: boolean;
  }>;
}

type RecordRow = AttendanceView["records"][number];
type AbsenceRow = AttendanceView["absences"][number];

/** A record's status as a badge: 'Presente' green, 'Falta' red, 'Falta justificada' amber. */
function AttendanceBadge({ status }: { status: string }) {
  const look = status === "Presente" ? "badge-on" : status === "Falta" ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900";
  return <span className={`badge ${look}`}>{status}</span>;
}

function MakeupMark() {
  return <span className="badge bg-violet-100 text-violet-900">Reposição</span>;
}

/**
 * The student page's 'Frequência': the presence rate, the absences with their
 * make-up state ('Agendar reposição' and 'Cancelar reposição' for Team and
 * Administrator), and the attendance history, newest first.
 */
export function AttendanceSection({ studentId, attendance, canBook }: { studentId: string; attendance: AttendanceView; canBook: boolean }) {
  const base = `/students/${studentId}`;
  const { presenceRate, total, all, records, absences } = attendance;

  const makeupState = (a: AbsenceRow) => (
    <>
      <span>{makeupStateLabel(a.makeup, formatDay)}</span>
      {a.makeup ? <span className="block text-xs text-slate-700">{a.makeup.classLabel}</span> : null}
    </>
  );
  const absenceAction = (a: AbsenceRow) => {
    if (!canBook) return null;
    if (!a.makeup && a.bookable) {
      return (
        <LinkButton to={`${base}/makeup?${new URLSearchParams({ absenceId: a.id })}`} variant="outline" size="sm" preventScrollReset>
          Agendar reposição<span className="sr-only"> da falta de {formatDay(a.date)}</span>
        </LinkButton>
      );
    }
    if (a.makeup?.status === "Agendada") {
      return (
        <LinkButton to={`${base}/makeups/${a.makeup.id}/delete`} variant="outline" size="sm" preventScrollReset className="text-red-800">
          Cancelar reposição<span className="sr-only"> de {formatDay(a.makeup.date)}</span>
        </LinkButton>
      );
    }
    return null;
  };

  return (
    <section aria-labelledby="attendance-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="attendance-title" className="text-lg font-semibold">
          Frequência
        </h2>
        <p className="text-sm font-medium text-slate-800" data-testid="presence-rate">
          {presenceLabel(presenceRate)}
        </p>
      </div>

      <h3 id="absences-title" className="mb-2 font-semibold">
        Faltas e reposições
      </h3>
      <DataList
        caption="Faltas e reposições"
        rows={absences}
        empty="Nenhuma falta registrada"
        card={(a) => (
          <>
            <CardHeading as="p" title={formatDay(a.date)} status={<AttendanceBadge status={a.status} />} />
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Turma</dt>
              <dd>{a.classLabel}</dd>
              <dt className="text-slate-600">Reposição</dt>
              <dd>{makeupState(a)}</dd>
            </dl>
            {absenceAction(a) ? <div className="mt-3 flex justify-end">{absenceAction(a)}</div> : null}
          </>
        )}
        columns={[
          { header: "Data", cell: (a) => formatDay(a.date), className: "whitespace-nowrap" },
          { header: "Turma", cell: (a) => a.classLabel },
          { header: "Falta", cell: (a) => <AttendanceBadge status={a.status} /> },
          { header: "Reposição", cell: makeupState },
        ]}
        actions={canBook ? absenceAction : undefined}
      />

      <h3 id="history-title" className="mt-6 mb-2 font-semibold">
        Histórico de presença
      </h3>
      <DataList
        caption="Histórico de presença"
        rows={records}
        rowKey={(r: RecordRow) => r.id}
        empty="Nenhum registro de presença"
        card={(r) => (
          <>
            <CardHeading
              as="p"
              title={formatDay(r.date)}
              status={
                <span className="flex flex-wrap justify-end gap-1">
                  {r.makeup ? <MakeupMark /> : null}
                  <AttendanceBadge status={r.status} />
                </span>
              }
            />
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Turma</dt>
              <dd>{r.classLabel}</dd>
              <dt className="text-slate-600">Observação</dt>
              <dd className="whitespace-pre-line">{r.note || "-"}</dd>
            </dl>
          </>
        )}
        columns={[
          { header: "Data", cell: (r) => formatDay(r.date), className: "whitespace-nowrap" },
          { header: "Turma", cell: (r) => r.classLabel },
          {
            header: "Status",
            cell: (r) => (
              <span className="flex flex-wrap gap-1">
                <AttendanceBadge status={r.status} />
                {r.makeup ? <MakeupMark /> : null}
              </span>
            ),
          },
          { header: "Observação", cell: (r) => <span className="whitespace-pre-line">{r.note || "-"}</span> },
        ]}
      />
      {total > RECENT_RECORDS ? (
        <p className="mt-2 text-sm">
          {all ? (
            <Link to={base} preventScrollReset className="link">
              {`Mostrar apenas os ${RECENT_RECORDS} mais recentes`}
            </Link>
          ) : (
            <>
              <span className="text-slate-700">{`Mostrando os ${RECENT_RECORDS} registros mais recentes de ${total}. `}</span>
              <Link to={`${base}?historico=todos`} preventScrollReset className="link">
                Ver histórico completo
              </Link>
            </>
          )}
        </p>
      ) : null}
    </section>
  );
}
