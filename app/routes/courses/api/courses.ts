import type { Route } from "./+types/courses";
import { createCourse } from "~/domain/courses/service.server";
import { courseList } from "~/domain/courses/queries.server";
import { api, apiList, byMethod } from "~/server/api.server";

import { z } from "zod";
import { courseDto, courseSchema } from "~/domain/courses/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listCourses",
    tag: "Cursos",
    summary: "Lista cursos",
    access: "signed-in",
    success: { status: 200, description: "Lista de cursos", schema: z.array(courseDto) },
  },
  POST: {
    operationId: "createCourse",
    tag: "Cursos",
    summary: "Cria um curso",
    access: "admin",
    body: courseSchema,
    success: { status: 201, description: "Criado", schema: courseDto },
  },
});

/** GET /api/courses */
export const loader = apiList(({ actor }) => courseList(actor));

/** POST /api/courses { name, active } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createCourse(actor, body), { status: 201 }),
  });
}
