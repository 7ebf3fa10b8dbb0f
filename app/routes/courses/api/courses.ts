import { createCourse } from "~/domain/courses/service.server";
import { courseList } from "~/domain/courses/queries.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { courseDto, courseSchema } from "~/domain/courses/schema";
import { createOperation, listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation({ tag: "Cursos", name: "Courses", plural: "cursos", dto: courseDto }),
  POST: createOperation({ tag: "Cursos", name: "Course", noun: "um curso", dto: courseDto }, { body: courseSchema }),
});

/** GET /api/courses */
export const loader = apiList(({ actor }) => courseList(actor));

/** POST /api/courses { name, active } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createCourse(actor, body)) });
