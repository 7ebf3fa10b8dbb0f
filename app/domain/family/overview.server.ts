import type { Actor } from "../access/roles";
import { NotFoundError } from "../errors";
import { readAll } from "../list.server";
import { addDays, today } from "../calendar/dates";
import { firstSessionDate, sessionStarted, sessionsBetween } from "../calendar/sessions";
import { getGuardian } from "../guardians/queries.server";
import { studentList } from "../students/queries.server";
import { studentEnrollmentDetails } from "../enrollments/queries.server";
import { ACTIVE } from "../enrollments/schema";
import { studentAttendance } from "../attendance/queries.server";
import { classSessionSources } from "../classes/queries.server";
import { enrollmentNotices, noticeKey } from "../attendance/notices/queries.server";
import { familyGuardianId } from "../access/queries.server";
import { FAMILY_NOT_FOUND } from "../access/family-scope";
import { NEXT_SESSIONS, NEXT_SESSIONS_DAYS, type FamilyDTO, type FamilyNextSessionDTO, type FamilyStudentDTO } from "./schema";

/**
 * 'Minha família' and GET /api/family: the family of the signed-in Client
 * (the guardian whose user it is) with each child's enrolments, its next
 * sessions (of its active enrolments, from today or its start on, each with
 * the family's absence notice when it warned of one) and its attendance; 404 'Família não encontrada' without one. Read through each
 * module's own queries, with the actor's scope (family/scope.ts): no SQL here.
 */
export async function getFamily(actor: Actor | null): Promise<FamilyDTO> {
  const guardianId = await familyGuardianId(actor);
  if (!guardianId) throw new NotFoundError(FAMILY_NOT_FOUND);
  const [guardian, students] = await Promise.all([getGuardian(actor, guardianId), readAll(studentList(actor, { guardianId }))]);
  const children = await Promise.all(
    students.map(async (student) => {
      const [enrollments, attendance] = await Promise.all([studentEnrollmentDetails(student.id), studentAttendance(actor, student.id)]);
      return { student, enrollments, attendance };
    }),
  );
  const active = children.flatMap((c) => c.enrollments.filter((e) => e.status === ACTIVE));
  const sources = new Map((await classSessionSources({ ids: active.map((e) => e.classId) })).map((c) => [c.id, c]));
  const from = today();
  const to = addDays(from, NEXT_SESSIONS_DAYS);
  const notices = await enrollmentNotices(
    active.map((e) => e.id),
    from,
  );
  const withSessions = children.map(({ student, enrollments, attendance }) => {
    const nextSessions = enrollments
      .filter((e) => e.status === ACTIVE)
      .flatMap((e) => {
        const source = sources.get(e.classId);
        if (!source) return [];
        const start = e.startDate > from ? e.startDate : from;
        if (start > to) return [];
        return sessionsBetween(source.schedules, firstSessionDate(source.createdAt), start, to).map((s) => ({
          enrollmentId: e.id,
          classId: source.id,
          classLabel: source.label,
          scheduleId: s.scheduleId,
          date: s.date,
          startTime: s.startTime,
          endTime: s.endTime,
          branchName: source.branchName,
          classroomName: source.classroomName,
          teacherName: source.teacherName,
          notice: notices.get(noticeKey(e.id, s.scheduleId, s.date)) ?? null,
        }));
      })
      .sort(
        (a, b) =>
          a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.classLabel.localeCompare(b.classLabel, "pt-BR"),
      )
      .slice(0, NEXT_SESSIONS);
    return { student, enrollments, attendance, nextSessions };
  });
  return { guardian, students: withSessions, nextSession: nextFamilySession(withSessions) };
}

/**
 * The summary card's next class: the earliest session of any child that has
 * not started yet (a session under way is today's, not the next one); the
 * child's name with it. Null when no child has one in the next days.
 */
export function nextFamilySession(students: Array<Pick<FamilyStudentDTO, "student" | "nextSessions">>): FamilyNextSessionDTO | null {
  const before = (a: FamilyNextSessionDTO, b: FamilyNextSessionDTO) =>
    (a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.studentName.localeCompare(b.studentName, "pt-BR")) < 0;
  let next: FamilyNextSessionDTO | null = null;
  for (const { student, nextSessions } of students) {
    const first = nextSessions.find((s) => !sessionStarted(s));
    if (!first) continue;
    const candidate = { ...first, studentId: student.id, studentName: student.fullName };
    if (!next || before(candidate, next)) next = candidate;
  }
  return next;
}
