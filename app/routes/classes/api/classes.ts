import { createClass } from "~/domain/classes/service.server";
import { classList } from "~/domain/classes/queries.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { z } from "zod";
import { classDto, classSchema } from "~/domain/classes/schema";
import { createOperation, CSV_FORMAT_QUERY, listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation(
    { tag: "Turmas", name: "Classes", plural: "turmas", dto: classDto },
    {
      description: "Cada turma com seus ids, `scheduleIds` e os nomes a que apontam. O número da turma é do servidor.",
      query: [{ name: "branchId", description: "Só as turmas desta unidade", schema: z.string() }, CSV_FORMAT_QUERY],
    },
  ),
  POST: createOperation(
    { tag: "Turmas", name: "Class", noun: "uma turma", dto: classDto },
    { body: classSchema, conflict: "Não foi possível numerar a turma (tente novamente)" },
  ),
});

/** GET /api/classes (optionally `?branchId=`): each class with its ids, scheduleIds and the names they point to. */
export const loader = apiList(({ actor, search }) => classList(actor, { branchId: search.get("branchId") }), {
  csv: {
    filename: "turmas.csv",
    columns: [
      { header: "Turma", value: (c) => c.classNumber },
      { header: "Curso", value: (c) => c.courseName },
      { header: "Professor", value: (c) => c.responsibleName },
      { header: "Unidade", value: (c) => c.branchName },
      { header: "Sala", value: (c) => c.classroomName },
      { header: "Horários", value: (c) => c.schedules.map((s) => s.label).join(", ") },
      { header: "Ativa", value: (c) => (c.active ? "Sim" : "Não") },
    ],
  },
});

/** POST /api/classes { courseId, responsibleId, branchId, classroomId, scheduleIds, active } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createClass(actor, body)) });
