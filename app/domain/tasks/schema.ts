import { z } from "zod";
import { day, id, timestamp } from "../dto-fields";
import { calendarDate } from "../fields";

/** Follow-up tasks (tarefas) of trials (issue 29): 'Nova tarefa' on a trial, 'Minhas tarefas'. */

export const TASK_DATE_INVALID = "Data da tarefa inválida";
export const TASK_NOTE_TOO_LONG = "Anotação deve ter no máximo 500 caracteres";
export const TASK_TRIAL_REQUIRED = "Experimental é obrigatório";
export const TASK_NOT_FOUND = "Tarefa não encontrada";
export const TASK_NOT_YOURS = "Só o responsável pela tarefa ou um Administrador pode alterá-la";
export const DONE_INVALID = "Valor inválido";

/** The lists' due filter: overdue (open, before today), today's, next (after today). */
export const DUE_FILTERS = ["overdue", "today", "next"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

const dueAt = calendarDate(TASK_DATE_INVALID);
const note = z
  .string({ error: TASK_NOTE_TOO_LONG })
  .max(500, { error: TASK_NOTE_TOO_LONG, abort: true })
  .trim()
  .transform((v) => v || null);
const ownerId = z.string().max(100).trim();

/** POST /api/tasks: a trial, a day; the owner defaults to the trial's owner (or who creates it). */
export const taskSchema = z.object({
  trialId: z
    .string({ error: TASK_TRIAL_REQUIRED })
    .max(100, { error: TASK_TRIAL_REQUIRED, abort: true })
    .trim()
    .min(1, TASK_TRIAL_REQUIRED),
  dueAt,
  note: note.optional(),
  ownerId: ownerId.optional(),
});

/** PATCH /api/tasks/{id}: another day, note or owner; `done` completes it (or opens it again). */
export const taskUpdateSchema = z.object({
  dueAt: dueAt.optional(),
  note: note.optional(),
  ownerId: ownerId.optional(),
  done: z.boolean({ error: DONE_INVALID }).optional(),
});

/** The 'Nova tarefa' dialog of a trial. */
export const taskFormSchema = z.object({
  dueAt,
  note: note.optional(),
  ownerId: ownerId.optional(),
});

export type TaskInput = z.output<typeof taskSchema>;

// ---- Responses ----

export const taskDto = z
  .object({
    id,
    trialId: id,
    ownerId: id.nullable(),
    dueAt: day.describe("O dia da tarefa (AAAA-MM-DD)"),
    note: z.string().nullable(),
    doneAt: timestamp.nullable().describe("Quando foi concluída; nulo enquanto aberta"),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Task" });
export type TaskDTO = z.output<typeof taskDto>;
