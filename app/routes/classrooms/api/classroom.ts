import { deleteClassroom, updateClassroom } from "~/domain/classrooms/service.server";
import { getClassroom } from "~/domain/classrooms/queries.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { classroomDto, classroomUpdateSchema } from "~/domain/classrooms/schema";
import { recordOperations, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Salas", name: "Classroom", noun: "uma sala", dto: classroomDto };

export const openapi = recordOperations(record, {
  update: { body: classroomUpdateSchema, conflict: "Capacidade menor que o número de alunos ativos" },
  remove: { conflict: "A sala possui turmas vinculadas" },
});

/** GET /api/classrooms/{id} */
export const loader = apiRead(({ actor, params }) => getClassroom(actor, params.id));

/** PATCH /api/classrooms/{id} { name, capacity }, DELETE /api/classrooms/{id} → 204 (409 while a class uses it) */
export const action = apiRecordWrites({ update: updateClassroom, remove: deleteClassroom });
