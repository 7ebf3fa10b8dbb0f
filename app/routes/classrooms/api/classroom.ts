import { deleteClassroom, updateClassroom } from "~/domain/classrooms/service.server";
import { getClassroom } from "~/domain/classrooms/queries.server";
import { apiRead, apiWrites } from "~/server/api.server";

import { classroomDto, classroomUpdateSchema } from "~/domain/classrooms/schema";
import { deleteOperation, operations, readOperation, updateOperation, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Salas", name: "Classroom", noun: "uma sala", dto: classroomDto };

export const openapi = operations({
  GET: readOperation(record),
  PATCH: updateOperation(record, { body: classroomUpdateSchema, conflict: "Capacidade menor que o número de alunos ativos" }),
  DELETE: deleteOperation(record, { conflict: "A sala possui turmas vinculadas" }),
});

/** GET /api/classrooms/{id} */
export const loader = apiRead(({ actor, params }) => getClassroom(actor, params.id));

/** PATCH /api/classrooms/{id} { name, capacity }, DELETE /api/classrooms/{id} → 204 (409 while a class uses it) */
export const action = apiWrites({
  PATCH: ({ actor, params, body }) => updateClassroom(actor, params.id, body),
  DELETE: ({ actor, params }) => deleteClassroom(actor, params.id),
});
