import type { Transaction } from "sequelize";
import { Course } from "#db/models.ts";
import { sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { activeOr, type Option } from "../options.server";
import { NotFoundError } from "../errors";
import { isUuid } from "../validation";
import { COURSE_NOT_FOUND, type CourseDTO } from "./schema";

/**
 * The reads of courses: the courses table is read here only; other modules
 * call these functions (e.g. the class dialog's course select).
 */

/** For this module's commands too: a course row as its DTO, and a course by id (404 when missing). */
export function toDTO(c: Course): CourseDTO {
  return {
    id: c.id,
    name: c.name,
    active: Boolean(c.active),
    createdAt: new Date(c.createdAt).toISOString(),
    updatedAt: new Date(c.updatedAt).toISOString(),
  };
}

export async function find(id: string): Promise<Course> {
  const course = isUuid(id) ? await Course.findByPk(id) : null;
  if (!course) throw new NotFoundError(COURSE_NOT_FOUND);
  return course;
}

export async function listCourses(actor: Actor | null, filter: { active?: boolean } = {}): Promise<CourseDTO[]> {
  requireActor(actor);
  const where = filter.active === undefined ? {} : { active: filter.active };
  const rows = await Course.findAll({ where, order: [["name", "ASC"]] });
  return rows.map(toDTO);
}

/** GET /api/courses: by name (then id), read in batches. */
export function courseList(actor: Actor | null): ListSource<CourseDTO> {
  requireActor(actor);
  return sqlList<Course & Record<string, unknown>, CourseDTO>(
    "courses",
    {
      columns: `"c"."id", "c"."name", "c"."active", "c"."createdAt", "c"."updatedAt"`,
      from: `FROM "courses" AS "c"`,
      key: [
        { expr: `"c"."name"`, type: "text" },
        { expr: `"c"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(toDTO),
  );
}

export async function getCourse(actor: Actor | null, id: string): Promise<CourseDTO> {
  requireActor(actor);
  return toDTO(await find(id));
}

/**
 * The active courses as select options, by name; `keep` (the value already
 * chosen: a class whose course was since deactivated) stays offered.
 */
export async function listCourseOptions(keep?: string): Promise<Option[]> {
  const rows = await Course.findAll({ where: activeOr(keep), attributes: ["id", "name"], order: [["name", "ASC"]] });
  return rows.map((c) => ({ id: c.id, label: c.name }));
}

/** True when a course with this id exists (the class's reference check), inside the caller's transaction. */
export async function courseExists(id: string, t?: Transaction): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await Course.count({ where: { id }, transaction: t })) > 0;
}
