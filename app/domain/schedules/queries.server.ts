import { Op, type Transaction } from "sequelize";
import { ClassroomSchedule } from "#db/models.ts";
import { sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { getBranch } from "../branches/queries.server";
import type { BranchDTO } from "../branches/schema";
import { classroomsOfBranch, getClassroom } from "../classrooms/queries.server";
import { NotFoundError } from "../errors";
import type { Option } from "../options.server";
import { isUuid } from "../validation";
import type { ClassroomWithSchedules, ScheduleDTO } from "./schema";
import { compareSchedules, scheduleLabel, WEEKDAYS } from "./schema";

/**
 * The reads of classroom schedules: the classroom_schedules table is read here
 * only; other modules call these functions (a branch's classrooms with their
 * schedules, the class dialog's schedule choices and its consistency check).
 */

export const SCHEDULE_NOT_FOUND = "Horário não encontrado";

export function toScheduleDTO(s: ClassroomSchedule): ScheduleDTO {
  return {
    id: s.id,
    classroomId: s.classroomId,
    dayOfWeek: s.dayOfWeek,
    startTime: s.startTime,
    endTime: s.endTime,
    createdAt: new Date(s.createdAt).toISOString(),
    updatedAt: new Date(s.updatedAt).toISOString(),
  };
}

/** For this module's commands too: a schedule by id (404 when missing). */
export async function find(id: string): Promise<ClassroomSchedule> {
  const schedule = isUuid(id) ? await ClassroomSchedule.findByPk(id) : null;
  if (!schedule) throw new NotFoundError(SCHEDULE_NOT_FOUND);
  return schedule;
}

/** Monday to Saturday as numbers in SQL (an unknown name last), the order of `compareSchedules`. */
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

/** A schedule addressed under its classroom's URL: one of another classroom is a 404 there. */
export async function getClassroomSchedule(actor: Actor | null, classroomId: string, scheduleId: string): Promise<ScheduleDTO> {
  const schedule = await getSchedule(actor, scheduleId);
  if (schedule.classroomId !== classroomId) throw new NotFoundError(SCHEDULE_NOT_FOUND);
  return schedule;
}

/** The schedules of the given classrooms, each classroom's in schedule order (`compareSchedules`). */
export async function schedulesOfClassrooms(classroomIds: string[]): Promise<Map<string, ScheduleDTO[]>> {
  const byClassroom = new Map<string, ScheduleDTO[]>(classroomIds.map((id) => [id, []]));
  if (!classroomIds.length) return byClassroom;
  const rows = await ClassroomSchedule.findAll({ where: { classroomId: { [Op.in]: classroomIds } } });
  for (const row of rows) byClassroom.get(row.classroomId)?.push(toScheduleDTO(row));
  for (const list of byClassroom.values()) list.sort(compareSchedules);
  return byClassroom;
}

/** The classrooms dialog: the branch, its classrooms with their schedules, and the total capacity. */
export async function getBranchClassroomsOverview(
  actor: Actor | null,
  branchId: string,
): Promise<{ branch: BranchDTO; classrooms: ClassroomWithSchedules[]; totalCapacity: number }> {
  const branch = await getBranch(actor, branchId);
  const rows = await classroomsOfBranch(branch.id);
  const schedules = await schedulesOfClassrooms(rows.map((row) => row.id));
  const classrooms = rows.map((row) => ({ ...row, schedules: schedules.get(row.id) ?? [] }));
  const totalCapacity = classrooms.reduce((sum, c) => sum + c.capacity, 0);
  return { branch, classrooms, totalCapacity };
}

/** A classroom's schedules as the class dialog's choices, labelled like 'Segunda 08:00-09:00', in schedule order. */
export async function listScheduleOptions(classroomId: string): Promise<Option[]> {
  if (!isUuid(classroomId)) return [];
  const rows = await ClassroomSchedule.findAll({
    where: { classroomId },
    attributes: ["id", "dayOfWeek", "startTime", "endTime"],
  });
  return rows
    .map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }))
    .sort(compareSchedules)
    .map((s) => ({ id: s.id, label: scheduleLabel(s) }));
}

/** The given schedules' classrooms (for the class's consistency check), inside the caller's transaction. */
export async function scheduleClassrooms(ids: string[], t?: Transaction): Promise<Array<{ id: string; classroomId: string }>> {
  const rows = await ClassroomSchedule.findAll({ where: { id: { [Op.in]: ids } }, attributes: ["id", "classroomId"], transaction: t });
  return rows.map((s) => ({ id: s.id, classroomId: s.classroomId }));
}

/** A schedule's start time ('HH:MM'), inside the caller's transaction; null when it is gone. */
export async function scheduleStartTime(id: string, t?: Transaction): Promise<string | null> {
  if (!isUuid(id)) return null;
  const row = await ClassroomSchedule.findByPk(id, { attributes: ["id", "startTime"], transaction: t });
  return row?.startTime ?? null;
}
