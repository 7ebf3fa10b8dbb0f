import type { Transaction } from "sequelize";
import { Task } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertStaff, isAdmin, type Actor } from "../access/roles";
import { ForbiddenError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { nextWorkingDay, today } from "../calendar/dates";
import { userTypeOf } from "../users/queries.server";
import { STAFF_TYPES } from "../classes/queries.server";
import { OWNER_NOT_STAFF } from "../fields";
import { find, hasOpenTask, toDTO } from "./queries.server";
import { TASK_NOT_YOURS, taskUpdateSchema, type TaskDTO } from "./schema";

/** A task's (or a trial's) owner is a Team or Administrator user: a 400 on `ownerId` otherwise. */
export async function assertStaffOwner(ownerId: string, t?: Transaction): Promise<void> {
  const type = await userTypeOf(ownerId, t);
  if (!type || !STAFF_TYPES.includes(type)) throw new ValidationError({ ownerId: [OWNER_NOT_STAFF] });
}

/** A Team user changes its own tasks; an Administrator any. */
function assertMayChange(actor: Actor, task: Task): void {
  if (!isAdmin(actor) && task.ownerId !== actor.id) throw new ForbiddenError(TASK_NOT_YOURS);
}

/**
 * A new task of an existing trial (inside the caller's transaction): its
 * owner must be staff. The trial's command `createTask` (trials/service.server.ts)
 * finds the trial and chooses the owner.
 */
export async function addTask(
  values: { trialId: string; ownerId: string; dueAt: string; note: string | null },
  t: Transaction,
): Promise<TaskDTO> {
  await assertStaffOwner(values.ownerId, t);
  const task = await Task.create({ ...values, doneAt: null }, { transaction: t });
  return toDTO(task);
}

/** PATCH /api/tasks/{id}: another day, note or owner; `done: true` completes it, `false` opens it again. */
export async function updateTask(actor: Actor | null, id: string, input: unknown): Promise<TaskDTO> {
  const a = assertStaff(actor);
  const data = parseOrThrow(taskUpdateSchema, input);
  return transaction(async (t) => {
    const task = await find(id, t);
    assertMayChange(a, task);
    const changes: Partial<Pick<Task, "dueAt" | "note" | "ownerId" | "doneAt">> = {};
    if (data.dueAt !== undefined) changes.dueAt = data.dueAt;
    if (data.note !== undefined) changes.note = data.note;
    if (data.ownerId) {
      await assertStaffOwner(data.ownerId, t);
      changes.ownerId = data.ownerId;
    }
    if (data.done === true && !task.doneAt) changes.doneAt = new Date();
    if (data.done === false) changes.doneAt = null;
    if (Object.keys(changes).length) await task.update(changes, { transaction: t });
    return toDTO(task);
  });
}

/** 'Concluir': the task done now (the screens' command). */
export async function completeTask(actor: Actor | null, id: string): Promise<TaskDTO> {
  return updateTask(actor, id, { done: true });
}

/** DELETE /api/tasks/{id}. */
export async function deleteTask(actor: Actor | null, id: string): Promise<void> {
  const a = assertStaff(actor);
  await transaction(async (t) => {
    const task = await find(id, t);
    assertMayChange(a, task);
    await task.destroy({ transaction: t });
  });
}

/**
 * A trial marked 'Quer Matricular' without an open task gets one for the next
 * working day, owned by the trial's owner (inside the status change's transaction).
 */
export async function ensureFollowUp(trialId: string, ownerId: string | null, t: Transaction): Promise<void> {
  if (await hasOpenTask(trialId, t)) return;
  await Task.create({ trialId, ownerId, dueAt: nextWorkingDay(today()), note: null, doneAt: null }, { transaction: t });
}

/** A trial's tasks go with it (each through the model, so each deletion is audited). */
export async function deleteTrialTasks(trialId: string, t: Transaction): Promise<void> {
  await Task.destroy({ where: { trialId }, individualHooks: true, transaction: t });
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction: the notes of the follow-up tasks about its trials go (they may
 * name the family); the tasks stay, as the school's work. Answers how many.
 */
export async function clearTaskNotes(ids: readonly string[], t: Transaction): Promise<number> {
  if (ids.length === 0) return 0;
  const tasks = await Task.findAll({ where: { id: [...ids] }, order: [["id", "ASC"]], transaction: t });
  const noted = tasks.filter((task) => task.note);
  for (const task of noted) await task.update({ note: null }, { transaction: t });
  return noted.length;
}
