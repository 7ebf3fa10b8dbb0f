import { deleteClass, updateClass } from "~/domain/classes/service.server";
import { getClass } from "~/domain/classes/queries.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { classDto, classUpdateSchema } from "~/domain/classes/schema";
import { recordOperations, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Turmas", name: "Class", noun: "uma turma", dto: classDto };

export const openapi = recordOperations(record, {
  update: { body: classUpdateSchema, conflict: "Capacidade menor que o número de alunos ativos (outra sala)" },
  remove: { conflict: "A turma possui matrículas ou experimentais vinculados" },
});

/** GET /api/classes/{id} */
export const loader = apiRead(({ actor, params }) => getClass(actor, params.id));

/** PATCH /api/classes/{id} (fields optional, merged then validated), DELETE /api/classes/{id} → 204 */
export const action = apiRecordWrites({ update: updateClass, remove: deleteClass });
