import { Op, type Transaction } from "sequelize";
import { Branch, ClassroomSchedule, ClassScheduleLink, Course, SchoolClass } from "#db/models.ts";
import { db } from "~/db.server";
import { isUuid } from "../validation";
import { compareSchedules } from "./schema";
import type { ClassOption } from "./service.server";

/**
 * The reads of classes and their schedule links: the classes' tables are read
 * here only; other modules (the trials form, the trials service) call these.
 */

type OptionRow = SchoolClass & {
  course?: Course;
  branch?: Branch;
  scheduleLinks?: Array<ClassScheduleLink & { schedule?: ClassroomSchedule }>;
};

/** The class, its course's and branch's names and its schedules' times (course, branch and schedule rows belong to their modules; joined here for this read model). */
const optionInclude = [
  { model: Course, as: "course", attributes: ["id", "name"] },
  { model: Branch, as: "branch", attributes: ["id", "name"] },
  {
    model: ClassScheduleLink,
    as: "scheduleLinks",
    attributes: ["id", "scheduleId"],
    include: [{ model: ClassroomSchedule, as: "schedule", attributes: ["id", "dayOfWeek", "startTime", "endTime"] }],
  },
];

function toOption(cls: OptionRow): ClassOption {
  const first = (cls.scheduleLinks ?? [])
    .flatMap((l) => (l.schedule ? [l.schedule] : []))
    .sort(compareSchedules)[0];
  return {
    id: cls.id,
    label: `${cls.course?.name ?? "-"} - Turma ${cls.classNumber} (${cls.branch?.name ?? "-"})`,
    firstStartTime: first?.startTime ?? null,
  };
}

/**
 * The trials form's class select (§2): active classes in class-number order,
 * plus `alsoId` (a trial's current class, even if inactive), labelled
 * 'course name - Turma N (branch name)', with the start time of the first
 * schedule in weekday order (the form's time suggestion).
 */
export async function listClassOptions(alsoId?: string | null): Promise<ClassOption[]> {
  await db();
  const where = alsoId && isUuid(alsoId) ? { [Op.or]: [{ active: true }, { id: alsoId }] } : { active: true };
  const rows = (await SchoolClass.findAll({ where, include: optionInclude, order: [["classNumber", "ASC"]] })) as OptionRow[];
  return rows.map(toOption);
}

/** One class's option, or null when the id names no class. */
export async function findClassOption(id: string, t?: Transaction): Promise<ClassOption | null> {
  if (!isUuid(id)) return null;
  await db();
  const row = (await SchoolClass.findByPk(id, { include: optionInclude, transaction: t })) as OptionRow | null;
  return row ? toOption(row) : null;
}
