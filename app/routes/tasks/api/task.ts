import { deleteTask, updateTask } from "~/domain/tasks/service.server";
import { apiRecordWrites } from "~/server/api.server";

import { taskDto, taskUpdateSchema } from "~/domain/tasks/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  PATCH: {
    operationId: "updateTask",
    tag: "Tarefas",
    summary: "Altera ou conclui uma tarefa",
    description: "`done: true` conclui (agora), `false` reabre. A Equipe altera só as suas tarefas; o Administrador, qualquer uma.",
    access: "staff",
    body: taskUpdateSchema,
    success: { status: 200, description: "A tarefa", schema: taskDto },
  },
  DELETE: {
    operationId: "deleteTask",
    tag: "Tarefas",
    summary: "Remove uma tarefa",
    description: "A Equipe remove só as suas tarefas; o Administrador, qualquer uma.",
    access: "staff",
    success: { status: 204, description: "Removida" },
  },
});

/** PATCH /api/tasks/{id} { dueAt?, note?, ownerId?, done? }, DELETE /api/tasks/{id} → 204 */
export const action = apiRecordWrites({ update: updateTask, remove: deleteTask });
