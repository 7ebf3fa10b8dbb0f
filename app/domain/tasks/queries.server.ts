import type { Transaction } from "sequelize";
import { Task } from "#db/models.ts";
import type { KeyPart } from "#db/keyset.ts";
import { selectRows } from "~/platform/db.server";
import { sqlList, type ListSource } from "../list.server";
import { assertStaff, type Actor } from "../access/roles";
import { NotFoundError, ValidationError } from "../errors";
import { isUuid } from "../validation";
import { today } from "../calendar/dates";
import { OWNER_NOT_STAFF } from "../fields";
import { DONE_INVALID, DUE_FILTERS, TASK_NOT_FOUND, type DueFilter, type TaskDTO } from "./schema";

/**
 * The reads of follow-up tasks: the tasks table is read here only. 'Minhas
 * tarefas' joins the trials table (trials module) for the lead's names and
 * WhatsApp number.
 */

const iso = (value: Date | string) => new Date(value).toISOString();
const dateOnly = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

type TaskRow = Omit<TaskDTO, "doneAt" | "createdAt" | "updatedAt"> & {
  doneAt: string | Date | null;
  createdAt: string | Date;
  updatedAt: string | Date;
};

export function toDTO(t: TaskRow | Task): TaskDTO {
  return {
    id: t.id,
    trialId: t.trialId,
    ownerId: t.ownerId ?? null,
    dueAt: dateOnly(t.dueAt),
    note: t.note ?? null,
    doneAt: t.doneAt ? iso(t.doneAt) : null,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

export async function find(id: string, t?: Transaction): Promise<Task> {
  const task = isUuid(id) ? await Task.findByPk(id, { transaction: t }) : null;
  if (!task) throw new NotFoundError(TASK_NOT_FOUND);
  return task;
}

export interface TaskFilter {
  ownerId?: string | null;
  due?: string | null;
  /** 'true' | 'false' */
  done?: string | null;
}

/** The filters as SQL on "k" (400 for a value outside their lists). */
function taskCondition(filter: TaskFilter, day: string): { where: string[]; params: Record<string, string> } {
  const where: string[] = [];
  const params: Record<string, string> = {};
  if (filter.ownerId) {
    if (!isUuid(filter.ownerId)) throw new ValidationError({ ownerId: [OWNER_NOT_STAFF] });
    where.push(`"k"."ownerId" = :ownerId`);
    params.ownerId = filter.ownerId;
  }
  if (filter.due) {
    if (!(DUE_FILTERS as readonly string[]).includes(filter.due)) throw new ValidationError({ due: [DONE_INVALID] });
    const due = filter.due as DueFilter;
    params.today = day;
    if (due === "overdue") where.push(`"k"."doneAt" IS NULL AND "k"."dueAt" < :today`);
    else if (due === "today") where.push(`"k"."dueAt" = :today`);
    else where.push(`"k"."dueAt" > :today`);
  }
  if (filter.done) {
    if (filter.done !== "true" && filter.done !== "false") throw new ValidationError({ done: [DONE_INVALID] });
    where.push(filter.done === "true" ? `"k"."doneAt" IS NOT NULL` : `"k"."doneAt" IS NULL`);
  }
  return { where, params };
}

const TASK_COLUMNS = `"k"."id", "k"."trialId", "k"."ownerId", CAST("k"."dueAt" AS TEXT) AS "dueAt", "k"."note", "k"."doneAt", "k"."createdAt", "k"."updatedAt"`;
const TASK_KEY: KeyPart[] = [
  { expr: `"k"."dueAt"`, type: "date" },
  { expr: `"k"."id"`, type: "uuid" },
];

/** GET /api/tasks (Team and Administrator): by day, then id; filtered by owner, due and done. */
export function taskList(actor: Actor | null, filter: TaskFilter = {}): ListSource<TaskDTO> {
  assertStaff(actor);
  const { where, params } = taskCondition(filter, today());
  return sqlList<TaskRow, TaskDTO>(
    "tasks",
    { columns: TASK_COLUMNS, from: `FROM "tasks" AS "k"`, where: where.length ? where.join(" AND ") : undefined, params, key: TASK_KEY },
    (rows) => rows.map(toDTO),
  );
}

export async function getTask(actor: Actor | null, id: string): Promise<TaskDTO> {
  assertStaff(actor);
  return toDTO(await find(id));
}

/** Whether the trial has a task not done yet (inside the caller's transaction). */
export async function hasOpenTask(trialId: string, t?: Transaction): Promise<boolean> {
  return (await Task.count({ where: { trialId, doneAt: null }, transaction: t })) > 0;
}

/** The open tasks of one owner due before today (the dashboard's count). */
export async function countOverdueTasks(ownerId: string): Promise<number> {
  const [row] = await selectRows<{ n: number | string }>(
    `SELECT COUNT(*) AS "n" FROM "tasks" WHERE "ownerId" = :ownerId AND "doneAt" IS NULL AND "dueAt" < :today`,
    { ownerId, today: today() },
  );
  return Number(row?.n ?? 0);
}

/** One line of 'Minhas tarefas': the task and its lead. */
export interface TaskItem extends TaskDTO {
  studentName: string;
  guardianName: string;
  whatsappNumber: string;
}

/** The most lines each group of 'Minhas tarefas' shows. */
export const TASK_GROUP_LIMIT = 100;

/**
 * 'Minhas tarefas' of one owner: the open tasks overdue, today's (done or not)
 * and the next open ones, each group by day, at most TASK_GROUP_LIMIT lines.
 */
export async function ownerTasks(
  actor: Actor | null,
  ownerId: string,
): Promise<{ overdue: TaskItem[]; today: TaskItem[]; next: TaskItem[] }> {
  assertStaff(actor);
  if (!isUuid(ownerId)) return { overdue: [], today: [], next: [] };
  const day = today();
  const read = (condition: string) =>
    selectRows<TaskRow & { studentName: string; guardianName: string; whatsappNumber: string }>(
      `SELECT ${TASK_COLUMNS}, "t"."studentName", "t"."guardianName", "t"."whatsappNumber"
       FROM "tasks" AS "k" JOIN "trials" AS "t" ON "t"."id" = "k"."trialId"
       WHERE "k"."ownerId" = :ownerId AND ${condition}
       ORDER BY "k"."dueAt", "k"."doneAt", "k"."createdAt", "k"."id" LIMIT :limit`,
      { ownerId, today: day, limit: TASK_GROUP_LIMIT },
    );
  const [overdue, todays, next] = await Promise.all([
    read(`"k"."doneAt" IS NULL AND "k"."dueAt" < :today`),
    read(`"k"."dueAt" = :today`),
    read(`"k"."doneAt" IS NULL AND "k"."dueAt" > :today`),
  ]);
  const item = (r: TaskRow & { studentName: string; guardianName: string; whatsappNumber: string }): TaskItem => ({
    ...toDTO(r),
    studentName: r.studentName,
    guardianName: r.guardianName,
    whatsappNumber: r.whatsappNumber,
  });
  return { overdue: overdue.map(item), today: todays.map(item), next: next.map(item) };
}

/** The tasks of one trial, by day (the trial's view). */
export async function trialTasks(actor: Actor | null, trialId: string): Promise<TaskDTO[]> {
  assertStaff(actor);
  if (!isUuid(trialId)) return [];
  const rows = await selectRows<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM "tasks" AS "k" WHERE "k"."trialId" = :trialId ORDER BY "k"."dueAt", "k"."id"`,
    { trialId },
  );
  return rows.map(toDTO);
}
