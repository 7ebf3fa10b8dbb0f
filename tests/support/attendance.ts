import { addDays, notSunday, today } from "../../app/domain/calendar/dates";
import { firstSessionDate, sessionsBetween, weekdayOf } from "../../app/domain/calendar/sessions";
import { makeBranch, makeClass, makeClassroom, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "./factories";

/**
 * Classes with sessions around today (the server's 'today' is the real one, in
 * America/Sao_Paulo): a class meeting every weekday, created long ago, so any
 * date but a Sunday is a session.
 */
export const ALL_WEEKDAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
export const TODAY = () => today();
// The nearest date that is not a Sunday is the calendar's own (`notSunday(date, step)`).
export { addDays, notSunday, weekdayOf };

/** The nearest Sunday on or after `date`. */
export function sundayFrom(date: string): string {
  let d = date;
  while (weekdayOf(d) !== null) d = addDays(d, 1);
  return d;
}

export interface MadeClass {
  id: string;
  branchId: string;
  courseId: string;
  classroomId: string;
  createdAt: Date;
  schedules: Array<{ id: string; dayOfWeek: string; startTime: string; endTime: string }>;
  /** The schedule of a date's weekday (throws on a Sunday or a weekday the class does not meet). */
  scheduleOn(date: string): string;
}

/** A class meeting on `weekdays` at `startTime`, in a classroom of `capacity`, created `daysAgo` days ago. */
export async function sessionClass(
  options: {
    capacity?: number;
    weekdays?: string[];
    startTime?: string;
    daysAgo?: number;
    courseId?: string;
    branchId?: string;
    active?: boolean;
  } = {},
): Promise<MadeClass> {
  const branchId = options.branchId ?? (await makeBranch()).id;
  const classroom = await makeClassroom(branchId, { capacity: options.capacity ?? 20 });
  const start = options.startTime ?? "08:00";
  const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}${start.slice(2)}`;
  const createdAt = new Date(Date.now() - (options.daysAgo ?? 90) * 86_400_000);
  const made = await makeClass({
    branchId,
    classroomId: classroom.id,
    courseId: options.courseId,
    active: options.active ?? true,
    createdAt,
    schedules: (options.weekdays ?? ALL_WEEKDAYS).map((dayOfWeek) => ({ dayOfWeek, startTime: start, endTime: end })),
  });
  const schedules = made.schedules.map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }));
  return {
    id: made.cls.id,
    branchId,
    courseId: made.courseId,
    classroomId: classroom.id,
    createdAt,
    schedules,
    scheduleOn(date: string) {
      const weekday = weekdayOf(date);
      const s = schedules.find((x) => x.dayOfWeek === weekday);
      if (!s) throw new Error(`no session on ${date} (${weekday})`);
      return s.id;
    },
  };
}

/** The class's sessions between two dates (the same derivation as the server's). */
export function sessionsOf(cls: MadeClass, from: string, to: string) {
  return sessionsBetween(cls.schedules, firstSessionDate(cls.createdAt), from, to);
}

/** `n` students of one family (names 'Prefix 00'…), enrolled 'Ativa' in the class since `startDate`. */
export async function enrolled(cls: MadeClass, n: number, options: { startDate?: string; prefix?: string } = {}) {
  const { guardian, persons } = await makeGuardian(1);
  const offer = await makeOffer(cls.branchId);
  const out = [];
  for (let i = 0; i < n; i++) {
    const student = await makeStudent(guardian.id, { fullName: `${options.prefix ?? "Aluno"} ${String(i).padStart(2, "0")}` });
    const enrollment = await makeEnrollment({
      studentId: student.id,
      classId: cls.id,
      offerId: offer.id,
      startDate: options.startDate ?? "2020-01-06",
    });
    out.push({ student, enrollment });
  }
  return { guardian, persons, offer, pupils: out };
}
