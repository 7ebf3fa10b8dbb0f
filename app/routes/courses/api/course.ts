import { deleteCourse, updateCourse } from "~/domain/courses/service.server";
import { getCourse } from "~/domain/courses/queries.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { courseDto, courseUpdateSchema } from "~/domain/courses/schema";
import { recordOperations, type RecordNames } from "~/openapi/operation";

const course: RecordNames = { tag: "Cursos", name: "Course", noun: "um curso", dto: courseDto };

export const openapi = recordOperations(course, {
  update: { body: courseUpdateSchema },
  remove: { conflict: "O curso possui turmas vinculadas" },
});

/** GET /api/courses/{id} */
export const loader = apiRead(({ actor, params }) => getCourse(actor, params.id));

/** PATCH /api/courses/{id} (fields optional), DELETE /api/courses/{id} → 204 */
export const action = apiRecordWrites({ update: updateCourse, remove: deleteCourse });
