import { createTask } from "~/domain/trials/service.server";
import { taskList } from "~/domain/tasks/queries.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { z } from "zod";
import { DUE_FILTERS, taskDto, taskSchema } from "~/domain/tasks/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listTasks",
    tag: "Tarefas",
    summary: "Lista tarefas de acompanhamento",
    description:
      "Por dia. `due`: `overdue` (abertas, de antes de hoje), `today` (de hoje) ou `next` (de depois de hoje), no fuso horário da escola.",
    access: "staff",
    query: [
      { name: "ownerId", description: "Só as deste responsável", schema: z.string() },
      { name: "due", description: "overdue, today ou next", schema: z.enum(DUE_FILTERS) },
      { name: "done", description: "true: só as concluídas; false: só as abertas", schema: z.enum(["true", "false"]) },
    ],
    success: { status: 200, description: "As tarefas", schema: z.array(taskDto) },
    errors: { 400: "Filtro inválido" },
  },
  POST: {
    operationId: "createTask",
    tag: "Tarefas",
    summary: "Cria uma tarefa num experimental",
    description: "O responsável (`ownerId`, da Equipe ou Administrador) é, sem indicação, o do experimental, ou quem cria.",
    access: "staff",
    body: taskSchema,
    success: { status: 201, description: "A tarefa criada", schema: taskDto },
  },
});

/** GET /api/tasks (?ownerId=&due=overdue|today|next&done=; ?limit= and ?cursor= for one page) */
export const loader = apiList(({ actor, search }) =>
  taskList(actor, { ownerId: search.get("ownerId"), due: search.get("due"), done: search.get("done") }),
);

/** POST /api/tasks { trialId, dueAt, note?, ownerId? } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createTask(actor, body)) });
