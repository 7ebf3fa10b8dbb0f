import { ForeignKeyConstraintError } from "sequelize";
import { Course } from "#db/models.ts";
import { db } from "~/db.server";
import { sqlList, type ListSource } from "../list.server";
import { assertCanManage, requireActor, type Actor } from "../actor";
import { ConflictError, NotFoundError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { courseSchema, courseUpdateSchema } from "./schema";

import type { CourseDTO } from "./schema";
export type { CourseDTO };

function toDTO(c: Course): CourseDTO {
  return {
    id: c.id,
    name: c.name,
    active: Boolean(c.active),
    createdAt: new Date(c.createdAt).toISOString(),
    updatedAt: new Date(c.updatedAt).toISOString(),
  };
}

const NOT_FOUND = "Curso não encontrado";
export const COURSE_IN_USE = "Não é possível excluir este curso: ele possui turmas vinculadas";

async function find(id: string): Promise<Course> {
  await db();
  const course = isUuid(id) ? await Course.findByPk(id) : null;
  if (!course) throw new NotFoundError(NOT_FOUND);
  return course;
}

export async function listCourses(actor: Actor | null, filter: { active?: boolean } = {}): Promise<CourseDTO[]> {
  requireActor(actor);
  await db();
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

export async function createCourse(actor: Actor | null, input: unknown): Promise<CourseDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(courseSchema, input);
  await db();
  return toDTO(await Course.create({ name: data.name, active: data.active }));
}

export async function updateCourse(actor: Actor | null, id: string, input: unknown): Promise<CourseDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(courseUpdateSchema, input);
  const course = await find(id);
  await course.update(data);
  return toDTO(course);
}

export async function deleteCourse(actor: Actor | null, id: string): Promise<void> {
  assertCanManage(actor);
  const course = await find(id);
  try {
    await course.destroy();
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(COURSE_IN_USE);
    throw error;
  }
}
