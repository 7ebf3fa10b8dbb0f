import type { Transaction } from "sequelize";
import { Trial, TrialStatusHistory } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertStaff, type Actor } from "../access/roles";
import { ConflictError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { findClassOption } from "../classes/queries.server";
import type { ClassOption } from "../classes/schema";
import { find, toDTO } from "./queries.server";
import {
  ALREADY_CLOSED,
  ENROLLED,
  LOST,
  NOT_LOST,
  REOPENED,
  SCHEDULED,
  TIME_INVALID,
  trialLoseSchema,
  trialSchema,
  trialUpdateSchema,
  WANTS_TO_ENROLL,
} from "./schema";
import { addTask, assertStaffOwner, deleteTrialTasks, ensureFollowUp } from "../tasks/service.server";
import { taskSchema, type TaskDTO } from "../tasks/schema";

import type { TrialDTO } from "./schema";
import { CLASS_NOT_FOUND, CLASS_REQUIRED } from "../classes/schema";

/** A trial's class must exist: a clear 400 on the field, never a foreign-key 500. */
async function classOf(classId: string, t: Transaction): Promise<ClassOption> {
  const option = await findClassOption(classId, t);
  if (!option) throw new ValidationError({ classId: [classId ? CLASS_NOT_FOUND : CLASS_REQUIRED] });
  return option;
}

/** A blank time takes the class's first start time (§2); a class without schedules leaves it invalid. */
function timeOrFirstStart(time: string, option: ClassOption): string {
  const scheduledTime = time || option.firstStartTime;
  if (!scheduledTime) throw new ValidationError({ scheduledTime: [TIME_INVALID] });
  return scheduledTime;
}

/** Creates a trial as 'Agendado' with its first history entry, in one transaction. */
export async function createTrial(actor: Actor | null, input: unknown): Promise<TrialDTO> {
  const a = assertStaff(actor);
  const data = parseOrThrow(trialSchema, input);
  return transaction(async (t) => {
    const scheduledTime = timeOrFirstStart(data.scheduledTime, await classOf(data.classId, t));
    // The owner: the one chosen (Team or Administrator), else who creates it.
    const ownerId = data.ownerId || a.id;
    if (data.ownerId) await assertStaffOwner(ownerId, t);
    const now = new Date();
    const trial = await Trial.create({ ...data, ownerId, scheduledTime, status: SCHEDULED }, { transaction: t });
    await TrialStatusHistory.create({ trialId: trial.id, status: SCHEDULED, changedAt: now }, { transaction: t });
    return toDTO(trial);
  });
}

/**
 * A full edit or only `{ status }`. A blank time takes the (new) class's first
 * start time; an absent one is kept. A real status change writes a history
 * entry with the change time in the same transaction; a change to 'Quer
 * Matricular' gives the trial a follow-up task when it has no open one.
 */
export async function updateTrial(actor: Actor | null, id: string, input: unknown): Promise<TrialDTO> {
  const a = assertStaff(actor);
  const { ownerId, ...data } = parseOrThrow(trialUpdateSchema, input);
  await find(id);
  return transaction(async (t) => {
    const trial = await find(id, t);
    const classChanged = data.classId !== undefined && data.classId !== trial.classId;
    if (classChanged || data.scheduledTime === "") {
      const option = await classOf(data.classId ?? trial.classId, t);
      if (data.scheduledTime === "") data.scheduledTime = timeOrFirstStart("", option);
    }
    if (ownerId) await assertStaffOwner(ownerId, t);
    const previousStatus = trial.status;
    await trial.update(ownerId ? { ...data, ownerId } : data, { transaction: t });
    if (data.status !== undefined && data.status !== previousStatus) {
      await TrialStatusHistory.create({ trialId: trial.id, status: data.status, changedAt: new Date() }, { transaction: t });
      if (data.status === WANTS_TO_ENROLL) await ensureFollowUp(trial.id, trial.ownerId ?? a.id, t);
    }
    return toDTO(trial);
  });
}

/** Deletes a trial; its history goes with it (ON DELETE CASCADE). */
export async function deleteTrial(actor: Actor | null, id: string): Promise<void> {
  assertStaff(actor);
  const trial = await find(id);
  await transaction(async (t) => {
    await TrialStatusHistory.destroy({ where: { trialId: trial.id }, transaction: t });
    await deleteTrialTasks(trial.id, t);
    await trial.destroy({ transaction: t });
  });
}

/** An outcome change enters the trial's history, with the trial's status at that moment. */
async function outcomeEntry(trial: Trial, outcome: string, lostReason: string | null, t: Transaction): Promise<void> {
  await TrialStatusHistory.create(
    { trialId: trial.id, status: trial.status, outcome, lostReason, changedAt: new Date() },
    { transaction: t },
  );
}

/**
 * Links the trial to the enrolment made from it (inside the enrolment's
 * transaction): its outcome becomes 'Matriculado' (a lost lead that enrols
 * is won after all). The trial's DTO after it.
 */
export async function linkTrialEnrollment(trialId: string, enrollmentId: string, t: Transaction): Promise<TrialDTO> {
  const trial = await find(trialId, t);
  const enrolling = trial.outcome !== ENROLLED;
  await trial.update(
    enrolling ? { enrollmentId, outcome: ENROLLED, lostReason: null, lostNote: null, closedAt: new Date() } : { enrollmentId },
    { transaction: t },
  );
  if (enrolling) await outcomeEntry(trial, ENROLLED, null, t);
  return toDTO(trial);
}

/**
 * An enrolment was cancelled: the trial it came from is no longer enrolled
 * ('Matriculado' on the calendar means a current enrolment), inside the
 * cancellation's transaction. The enrolment keeps its `trialId`. Cancelled
 * before its start date (`beforeStart`), the sale never happened: the trial's
 * outcome 'Matriculado' is cleared (open again, 'Reaberto' in its history).
 */
export async function unlinkTrialEnrollment(enrollmentId: string, t: Transaction, beforeStart = false): Promise<void> {
  const trials = await Trial.findAll({ where: { enrollmentId }, transaction: t });
  for (const trial of trials) {
    const clearing = beforeStart && trial.outcome === ENROLLED;
    await trial.update(clearing ? { enrollmentId: null, outcome: null, closedAt: null } : { enrollmentId: null }, { transaction: t });
    if (clearing) await outcomeEntry(trial, REOPENED, null, t);
  }
}

/** POST /api/trials/{id}/lose: 'Marcar como perdido' with one of the reasons and an optional note. */
export async function loseTrial(actor: Actor | null, id: string, input: unknown): Promise<TrialDTO> {
  assertStaff(actor);
  await find(id);
  const data = parseOrThrow(trialLoseSchema, input);
  return transaction(async (t) => {
    const trial = await find(id, t);
    if (trial.outcome) throw new ConflictError(ALREADY_CLOSED);
    await trial.update({ outcome: LOST, lostReason: data.lostReason, lostNote: data.note, closedAt: new Date() }, { transaction: t });
    await outcomeEntry(trial, LOST, data.lostReason, t);
    return toDTO(trial);
  });
}

/** POST /api/trials/{id}/reopen: a lost trial is open again (its reason and note cleared). */
export async function reopenTrial(actor: Actor | null, id: string): Promise<TrialDTO> {
  assertStaff(actor);
  await find(id);
  return transaction(async (t) => {
    const trial = await find(id, t);
    if (trial.outcome !== LOST) throw new ConflictError(NOT_LOST);
    await trial.update({ outcome: null, lostReason: null, lostNote: null, closedAt: null }, { transaction: t });
    await outcomeEntry(trial, REOPENED, null, t);
    return toDTO(trial);
  });
}

/**
 * POST /api/tasks: a follow-up task of a trial; the owner is the one given,
 * else the trial's, else who creates it. The trial is read here, the task
 * written by its own module (tasks/service.server.ts).
 */
export async function createTask(actor: Actor | null, input: unknown): Promise<TaskDTO> {
  const a = assertStaff(actor);
  const data = parseOrThrow(taskSchema, input);
  return transaction(async (t) => {
    const trial = await find(data.trialId, t).catch(() => {
      throw new ValidationError({ trialId: ["Experimental não encontrado"] });
    });
    const ownerId = data.ownerId || trial.ownerId || a.id;
    return addTask({ trialId: trial.id, ownerId, dueAt: data.dueAt, note: data.note ?? null }, t);
  });
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction: the trials linked to the family keep their rows (the sales
 * figures count them) with neutral names and number. Answers their old
 * names and numbers.
 */
export async function anonymizeTrials(
  ids: readonly string[],
  values: { guardianName: string; studentName: string; whatsappNumber: string },
  t: Transaction,
): Promise<{ guardianName: string; studentName: string; whatsappNumber: string }[]> {
  if (ids.length === 0) return [];
  const trials = await Trial.findAll({ where: { id: [...ids] }, order: [["id", "ASC"]], transaction: t });
  const before = trials.map((r) => ({ guardianName: r.guardianName, studentName: r.studentName, whatsappNumber: r.whatsappNumber }));
  // The reason a lead was lost may quote the family: it goes too.
  for (const trial of trials) await trial.update({ ...values, lostNote: null }, { transaction: t });
  return before;
}
