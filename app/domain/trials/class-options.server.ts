import { Op } from "sequelize";
import { Branch, ClassroomSchedule, ClassScheduleLink, Course, SchoolClass } from "#db/models.ts";
import { db } from "~/db.server";
import { isUuid } from "../validation";

/**
 * The class select of the trial form and the lookups trials need, read
 * straight from the models so trials do not depend on the classes screens.
 */
export interface ClassOption {
  id: string;
  /** 'course name - Turma N (branch name)' (§2). */
  label: string;
  /** The start time of the class's first schedule: the form's time suggestion. */
  firstStartTime: string | null;
  active: boolean;
}

const WEEKDAY_ORDER = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];

type ClassRow = SchoolClass & {
  course?: Course;
  branch?: Branch;
  scheduleLinks?: Array<ClassScheduleLink & { schedule?: ClassroomSchedule }>;
};

function firstStartTime(cls: ClassRow): string | null {
  const schedules = (cls.scheduleLinks ?? []).flatMap((l) => (l.schedule ? [l.schedule] : []));
  schedules.sort(
    (a, b) =>
      WEEKDAY_ORDER.indexOf(a.dayOfWeek) - WEEKDAY_ORDER.indexOf(b.dayOfWeek) || a.startTime.localeCompare(b.startTime),
  );
  return schedules[0]?.startTime ?? null;
}

function toOption(cls: ClassRow): ClassOption {
  return {
    id: cls.id,
    label: `${cls.course?.name ?? "-"} - Turma ${cls.classNumber} (${cls.branch?.name ?? "-"})`,
    firstStartTime: firstStartTime(cls),
    active: Boolean(cls.active),
  };
}

const include = [
  { model: Course, as: "course", attributes: ["id", "name"] },
  { model: Branch, as: "branch", attributes: ["id", "name"] },
  {
    model: ClassScheduleLink,
    as: "scheduleLinks",
    attributes: ["id", "scheduleId"],
    include: [{ model: ClassroomSchedule, as: "schedule", attributes: ["id", "dayOfWeek", "startTime"] }],
  },
];

/** Active classes for the select, plus `alsoId` (a trial's current class, even if inactive). */
export async function listClassOptions(alsoId?: string | null): Promise<ClassOption[]> {
  await db();
  const where = alsoId ? { [Op.or]: [{ active: true }, { id: alsoId }] } : { active: true };
  const rows = (await SchoolClass.findAll({ where, include, order: [["classNumber", "ASC"]] })) as ClassRow[];
  return rows.map(toOption);
}

/** One class's option, or null when the id names no class. */
export async function findClassOption(id: string): Promise<ClassOption | null> {
  if (!isUuid(id)) return null;
  await db();
  const row = (await SchoolClass.findByPk(id, { include })) as ClassRow | null;
  return row ? toOption(row) : null;
}
