import { ForeignKeyConstraintError, Op, type Transaction } from "sequelize";
import { ClassroomSchedule } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertAdmin, type Actor } from "../access/roles";
import { CLASSROOM_NOT_FOUND, lockClassroom } from "../classrooms/queries.server";
import { ConflictError, ValidationError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import type { ScheduleDTO } from "./schema";
import { find, toScheduleDTO } from "./queries.server";
import { scheduleSchema, scheduleTimesSchema, scheduleUpdateSchema } from "./schema";

export function overlapMessage(other: { dayOfWeek: string; startTime: string; endTime: string }): string {
  return `Este horário se sobrepõe a outro horário da sala (${other.dayOfWeek} ${other.startTime} - ${other.endTime})`;
}

/**
 * Inside the write's transaction: lock the classroom row (PostgreSQL; SQLite's
 * IMMEDIATE transaction already serialises writers) so two concurrent requests
 * cannot both pass the overlap check, then look for a slot that overlaps.
 */
async function assertNoOverlap(
  t: Transaction,
  slot: { classroomId: string; dayOfWeek: string; startTime: string; endTime: string },
  exceptId?: string,
) {
  if (!(await lockClassroom(slot.classroomId, t))) throw new ValidationError({ classroomId: [CLASSROOM_NOT_FOUND] });
  const clash = await ClassroomSchedule.findOne({
    where: {
      classroomId: slot.classroomId,
      dayOfWeek: slot.dayOfWeek,
      startTime: { [Op.lt]: slot.endTime },
      endTime: { [Op.gt]: slot.startTime },
      ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}),
    },
    transaction: t,
  });
  if (clash) throw new ConflictError(overlapMessage(clash));
}

export async function createSchedule(actor: Actor | null, input: unknown): Promise<ScheduleDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(scheduleSchema, input);
  if (!isUuid(data.classroomId)) throw new ValidationError({ classroomId: [CLASSROOM_NOT_FOUND] });
  try {
    const schedule = await transaction(async (t) => {
      await assertNoOverlap(t, data);
      return ClassroomSchedule.create(data, { transaction: t });
    });
    return toScheduleDTO(schedule);
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ValidationError({ classroomId: [CLASSROOM_NOT_FOUND] });
    throw error;
  }
}

/** PATCH: the merged result must still end after it starts and must not overlap. */
export async function updateSchedule(actor: Actor | null, id: string, input: unknown): Promise<ScheduleDTO> {
  assertAdmin(actor);
  const changes = parseOrThrow(scheduleUpdateSchema, input);
  const schedule = await find(id);
  const merged = parseOrThrow(scheduleTimesSchema, {
    dayOfWeek: changes.dayOfWeek ?? schedule.dayOfWeek,
    startTime: changes.startTime ?? schedule.startTime,
    endTime: changes.endTime ?? schedule.endTime,
  });
  await transaction(async (t) => {
    await assertNoOverlap(t, { classroomId: schedule.classroomId, ...merged }, schedule.id);
    await schedule.update(merged, { transaction: t });
  });
  return toScheduleDTO(schedule);
}

export const SCHEDULE_HAS_ATTENDANCE = "Não é possível excluir um horário com chamadas ou reposições registradas";

/** Removes the slot; the classes' links to it go with it (cascade). A slot with attendance or make-ups is kept (409; RESTRICT). */
export async function deleteSchedule(actor: Actor | null, id: string): Promise<void> {
  assertAdmin(actor);
  const schedule = await find(id);
  try {
    await transaction((t) => schedule.destroy({ transaction: t }));
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(SCHEDULE_HAS_ATTENDANCE);
    throw error;
  }
}
