import { deleteCourse, updateCourse } from "~/domain/courses/service.server";
import { getCourse } from "~/domain/courses/queries.server";
import { apiRead, apiWrites } from "~/server/api.server";

import { courseDto, courseUpdateSchema } from "~/domain/courses/schema";
import { deleteOperation, operations, readOperation, updateOperation, type RecordNames } from "~/openapi/operation";

const course: RecordNames = { tag: "Cursos", name: "Course", noun: "um curso", dto: courseDto };

export const openapi = operations({
  GET: readOperation(course),
  PATCH: updateOperation(course, { body: courseUpdateSchema }),
  DELETE: deleteOperation(course, { conflict: "O curso possui turmas vinculadas" }),
});

/** GET /api/courses/{id} */
export const loader = apiRead(({ actor, params }) => getCourse(actor, params.id));

/** PATCH /api/courses/{id} (fields optional), DELETE /api/courses/{id} → 204 */
export const action = apiWrites({
  PATCH: ({ actor, params, body }) => updateCourse(actor, params.id, body),
  DELETE: ({ actor, params }) => deleteCourse(actor, params.id),
});
