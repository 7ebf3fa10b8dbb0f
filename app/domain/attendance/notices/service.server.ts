import { UniqueConstraintError, type Transaction } from "sequelize";
import { AbsenceNotice } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { requireActor, type Actor } from "~/domain/access/roles";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors";
import { parseOrThrow } from "~/domain/validation";
import { classSessionSource } from "~/domain/classes/queries.server";
import { CLASS_NOT_FOUND } from "~/domain/classes/schema";
import { activeOn, enrollmentsById } from "~/domain/enrollments/queries.server";
import { ENROLLMENT_NOT_FOUND } from "~/domain/enrollments/schema";
import { sessionStarted } from "~/domain/calendar/sessions";
import { assertOwnFamily, ownFamilyOrThrow } from "~/domain/access/queries.server";
import { assertSession, sessionRecordRows } from "../queries.server";
import { findNotice, noticeOfSession, toNoticeDTO } from "./queries.server";
import {
  absenceNoticeSchema,
  ALREADY_NOTICED,
  ENROLLMENT_NOT_ACTIVE,
  NOTICE_NOT_FOUND,
  NOTICE_SESSION_STARTED,
  PAST_SESSION_NOTICE,
  ROLL_CALL_ALREADY_TAKEN,
  type AbsenceNoticeDTO,
} from "./schema";

/**
 * POST /api/family/absences and 'Avisar falta' (the family, for its own
 * children): warns that a pupil will miss a session of its class, with an
 * optional note. The enrolment must be the family's (404 'Matrícula não
 * encontrada' otherwise, for Administrator and Team too: they have no family,
 * 404 'Família não encontrada'), active on the date; the session one of the
 * class's ('Data sem aula desta turma') and not begun ('Não é possível avisar
 * falta de aula passada'); one notice per pupil and session (409). The roll
 * call of that session shows the pupil as 'Falta justificada' with the note
 * until the teacher saves it (the teacher may still change it).
 */
export async function warnAbsence(actor: Actor | null, input: unknown): Promise<AbsenceNoticeDTO> {
  const who = requireActor(actor);
  await ownFamilyOrThrow(who);
  const data = parseOrThrow(absenceNoticeSchema, input);
  await assertOwnFamily(who, "enrollment", data.enrollmentId, ENROLLMENT_NOT_FOUND);
  const enrollment = (await enrollmentsById([data.enrollmentId])).get(data.enrollmentId);
  if (!enrollment) throw new NotFoundError(ENROLLMENT_NOT_FOUND);
  const source = await classSessionSource(enrollment.classId);
  if (!source) throw new NotFoundError(CLASS_NOT_FOUND);
  assertSession(source, data.date, data.scheduleId);
  // assertSession above: the schedule is one of the class's.
  const startTime = source.schedules.find((s) => s.id === data.scheduleId)!.startTime;
  if (sessionStarted({ date: data.date, startTime })) throw new ValidationError({ date: [PAST_SESSION_NOTICE] });
  if (!activeOn(enrollment, data.date)) throw new ValidationError({ enrollmentId: [ENROLLMENT_NOT_ACTIVE] });
  try {
    return await transaction(async (t) => {
      const records = await sessionRecordRows(source.id, data.scheduleId, data.date, t);
      if (records.some((r) => r.enrollmentId === enrollment.id)) throw new ConflictError(ROLL_CALL_ALREADY_TAKEN);
      if (await noticeOfSession(enrollment.id, data.scheduleId, data.date, t)) throw new ConflictError(ALREADY_NOTICED);
      const row = await AbsenceNotice.create(
        {
          enrollmentId: enrollment.id,
          classId: source.id,
          scheduleId: data.scheduleId,
          date: data.date,
          note: data.note ?? null,
          createdById: who.id,
        },
        { transaction: t },
      );
      return toNoticeDTO(row);
    });
  } catch (error) {
    // The unique (enrollmentId, scheduleId, date) is the backstop of "one per session".
    if (error instanceof UniqueConstraintError) throw new ConflictError(ALREADY_NOTICED);
    throw error;
  }
}

/**
 * DELETE /api/family/absences/{id} (the family): withdraws a notice before the
 * session begins (409 once it has: the roll call is the teacher's then).
 */
export async function withdrawAbsenceNotice(actor: Actor | null, id: string): Promise<void> {
  const who = requireActor(actor);
  await ownFamilyOrThrow(who);
  const current = await findNotice(id);
  await assertOwnFamily(who, "enrollment", current.enrollmentId, NOTICE_NOT_FOUND);
  const source = await classSessionSource(current.classId);
  const startTime = source?.schedules.find((s) => s.id === current.scheduleId)?.startTime ?? "00:00";
  if (sessionStarted({ date: toNoticeDTO(current).date, startTime })) throw new ConflictError(NOTICE_SESSION_STARTED);
  await transaction(async (t) => {
    const row = await findNotice(id, t);
    await row.destroy({ transaction: t });
  });
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction: its warnings of absence go (their enrolments are cancelled, and
 * their notes are the family's words). Answers how many.
 */
export async function deleteNoticesIn(ids: readonly string[], t: Transaction): Promise<number> {
  if (ids.length === 0) return 0;
  const notices = await AbsenceNotice.findAll({ where: { id: [...ids] }, order: [["id", "ASC"]], transaction: t });
  for (const notice of notices) await notice.destroy({ transaction: t });
  return notices.length;
}
