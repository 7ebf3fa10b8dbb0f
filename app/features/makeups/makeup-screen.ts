import type { MakeupOptionDTO, MakeupStatus } from "~/domain/attendance/makeups/schema";
import { formatDay, WEEKDAY_HEADERS } from "~/domain/calendar/dates";

/**
 * The make-up screens' helpers (shared with the browser): the words shown for
 * dates, sessions and a make-up's state. No zod here: the booking form's schema
 * is makeup-form.ts, which only the booking dialogs download.
 */

/** What the booking dialog says when no session has room. */
export const NO_MAKEUP_OPTIONS = "Nenhuma aula disponível para reposição nos próximos 30 dias";

/** A session as one radio value: 'classId|scheduleId|YYYY-MM-DD'. */
export function sessionValue(s: { classId: string; scheduleId: string; date: string }): string {
  return `${s.classId}|${s.scheduleId}|${s.date}`;
}

const WEEKDAY_NAMES = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];

/** '2026-12-02' → 'Quarta'. */
export function weekdayName(date: string): string {
  return WEEKDAY_NAMES[new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay()];
}

/** A session a make-up can go into, as the make-up dialogs list it. */
export interface MakeupSessionOption {
  value: string;
  classLabel: string;
  when: string;
  time: string;
  places: string;
  /** It overlaps one of the pupil's own classes: marked (the staff or the family may still choose it, e.g. when skipping that class). */
  clash: boolean;
}

/** A session the make-up may go into, as the dialogs list it (the family's branches first, a clash marked). */
export function makeupOptionView(o: MakeupOptionDTO): MakeupSessionOption {
  return {
    value: sessionValue(o),
    classLabel: o.classLabel,
    when: `${weekdayName(o.date)}, ${formatDay(o.date)}`,
    time: `${o.startTime} às ${o.endTime}`,
    places: placesLabel(o.freePlaces),
    clash: o.clash,
  };
}

/** The note on a session that overlaps one of the pupil's own classes. */
export const CLASH_NOTE = "Coincide com outra aula do aluno";

/** 'Reposição de Paula: seg 30/11, 18:00, Unidade Zona Norte': the booking's confirmation, with when and where. */
export function makeupBookedMessage(studentName: string, place: { date: string; startTime: string; branchName: string }): string {
  const firstName = studentName.trim().split(/\s+/)[0] ?? "";
  const weekday = WEEKDAY_HEADERS[new Date(`${place.date.slice(0, 10)}T00:00:00Z`).getUTCDay()].toLowerCase();
  const when = [`${weekday} ${formatDay(place.date).slice(0, 5)}`, place.startTime, place.branchName].filter(Boolean).join(", ");
  return `Reposição de ${firstName}: ${when}`;
}

export function placesLabel(free: number): string {
  return free === 1 ? "1 vaga" : `${free} vagas`;
}

/** A presence rate (0…1, null without records) as shown: 'Frequência: 87%' / 'Frequência: —'. */
export function presenceLabel(rate: number | null): string {
  return `Frequência: ${rate === null ? "—" : `${Math.round(rate * 100)}%`}`;
}

/** The state of an absence's make-up as the student's page says it. */
export function makeupStateLabel(makeup: { status: MakeupStatus | string; date: string } | null, formatDay: (d: string) => string): string {
  if (!makeup) return "Sem reposição";
  if (makeup.status === "Agendada") return `Reposição agendada para ${formatDay(makeup.date)}`;
  return makeup.status;
}
