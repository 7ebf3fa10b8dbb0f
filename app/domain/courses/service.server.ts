import { ForeignKeyConstraintError } from "sequelize";
import { transaction } from "~/platform/db.server";
import { Course } from "#db/models.ts";
import { assertAdmin, type Actor } from "../access/roles";
import { ConflictError } from "../errors";
import { parseOrThrow } from "../validation";
import { find, toDTO } from "./queries.server";
import { courseSchema, courseUpdateSchema } from "./schema";

import type { CourseDTO } from "./schema";

export const COURSE_IN_USE = "Não é possível excluir este curso: ele possui turmas vinculadas";

export async function createCourse(actor: Actor | null, input: unknown): Promise<CourseDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(courseSchema, input);
  return toDTO(await transaction((t) => Course.create({ name: data.name, active: data.active }, { transaction: t })));
}

export async function updateCourse(actor: Actor | null, id: string, input: unknown): Promise<CourseDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(courseUpdateSchema, input);
  const course = await find(id);
  await transaction((t) => course.update(data, { transaction: t }));
  return toDTO(course);
}

export async function deleteCourse(actor: Actor | null, id: string): Promise<void> {
  assertAdmin(actor);
  const course = await find(id);
  try {
    await transaction((t) => course.destroy({ transaction: t }));
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(COURSE_IN_USE);
    throw error;
  }
}
