import { ForeignKeyConstraintError, Op, type Transaction } from "sequelize";
import { Classroom, ClassroomSchedule } from "#db/models.ts";
import { db, transaction } from "~/db.server";
import { sqlList, type ListSource } from "../list.server";
import { assertCanManage, requireActor, type Actor } from "../actor";
import { CLASSROOM_NOT_FOUND, getClassroom } from "../classrooms/service.server";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { sortSchedules, toScheduleDTO, type ScheduleDTO } from "./dto";
import { scheduleSchema, scheduleTimesSchema, scheduleUpdateSchema, WEEKDAYS } from "./schema";

export { WEEKDAYS, DEFAULT_WEEKDAY, type Weekday } from "./schema";
export type { ScheduleDTO } from "./dto";

export const SCHEDULE_NOT_FOUND = "Horário não encontrado";

export function overlapMessage(other: { dayOfWeek: string; startTime: string; endTime: string }): string {
  return `Este horário se sobrepõe a outro horário da sala (${other.dayOfWeek} ${other.startTime} - ${other.endTime})`;
}

async function find(id: string): Promise<ClassroomSchedule> {
  await db();
  const schedule = isUuid(id) ? await ClassroomSchedule.findByPk(id) : null;
  if (!schedule) throw new NotFoundError(SCHEDULE_NOT_FOUND);
  return schedule;
}

/** Monday to Saturday as numbers in SQL (an unknown name last), the order of `sortSchedules`. */
const WEEKDAY_ORDER = `CASE "s"."dayOfWeek" ${WEEKDAYS.map((day, i) => `WHEN '${day}' THEN ${i}`).join(" ")} ELSE ${WEEKDAYS.length} END`;

/** GET /api/classroom-schedules: Monday to Saturday, then start and end time (then id), read in batches. */
export function scheduleList(actor: Actor | null, classroomId?: string): ListSource<ScheduleDTO> {
  requireActor(actor);
  return sqlList<ClassroomSchedule & Record<string, unknown>, ScheduleDTO>(
    "classroom-schedules",
    {
      columns: `"s"."id", "s"."classroomId", "s"."dayOfWeek", "s"."startTime", "s"."endTime", "s"."createdAt", "s"."updatedAt"`,
      from: `FROM "classroom_schedules" AS "s"`,
      where: classroomId === undefined ? undefined : `"s"."classroomId" = :classroomId`,
      params: classroomId === undefined ? {} : { classroomId },
      key: [
        { expr: WEEKDAY_ORDER, type: "int" },
        { expr: `"s"."startTime"`, type: "text" },
        { expr: `"s"."endTime"`, type: "text" },
        { expr: `"s"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(toScheduleDTO),
  );
}

/** GET /api/classroom-schedules/classroom/{classroomId}: 404 when the classroom does not exist. */
export async function classroomScheduleList(actor: Actor | null, classroomId: string): Promise<ListSource<ScheduleDTO>> {
  const classroom = await getClassroom(actor, classroomId);
  return scheduleList(actor, classroom.id);
}

export async function getSchedule(actor: Actor | null, id: string): Promise<ScheduleDTO> {
  requireActor(actor);
  return toScheduleDTO(await find(id));
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
  const classroom = await Classroom.findByPk(slot.classroomId, { transaction: t, lock: t.LOCK.UPDATE, attributes: ["id"] });
  if (!classroom) throw new ValidationError({ classroomId: [CLASSROOM_NOT_FOUND] });
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
  assertCanManage(actor);
  const data = parseOrThrow(scheduleSchema, input);
  if (!isUuid(data.classroomId)) throw new ValidationError({ classroomId: [CLASSROOM_NOT_FOUND] });
  await db();
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
  assertCanManage(actor);
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

/** Removes the slot; the classes' links to it go with it (cascade). */
export async function deleteSchedule(actor: Actor | null, id: string): Promise<void> {
  assertCanManage(actor);
  const schedule = await find(id);
  await schedule.destroy();
}

/** A schedule addressed under its classroom's URL: one of another classroom is a 404 there. */
export async function getClassroomSchedule(actor: Actor | null, classroomId: string, scheduleId: string): Promise<ScheduleDTO> {
  const schedule = await getSchedule(actor, scheduleId);
  if (schedule.classroomId !== classroomId) throw new NotFoundError(SCHEDULE_NOT_FOUND);
  return schedule;
}
