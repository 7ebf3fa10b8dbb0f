import { createClassroom } from "~/domain/classrooms/service.server";
import { classroomList } from "~/domain/classrooms/queries.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { classroomDto, classroomSchema } from "~/domain/classrooms/schema";
import { createOperation, listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation({ tag: "Salas", name: "Classrooms", plural: "salas", dto: classroomDto }),
  POST: createOperation({ tag: "Salas", name: "Classroom", noun: "uma sala", dto: classroomDto }, { body: classroomSchema }),
});

/** GET /api/classrooms */
export const loader = apiList(({ actor }) => classroomList(actor));

/** POST /api/classrooms { branchId, name, capacity } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createClassroom(actor, body)) });
