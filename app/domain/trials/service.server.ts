import type { Transaction } from "sequelize";
import { Trial, TrialStatusHistory } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertCanManageTrials, type Actor } from "../actor";
import { ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { findClassOption } from "../classes/queries.server";
import type { ClassOption } from "../classes/schema";
import { find, toDTO } from "./queries.server";
import { SCHEDULED, TIME_INVALID, trialSchema, trialUpdateSchema } from "./schema";

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
  assertCanManageTrials(actor);
  const data = parseOrThrow(trialSchema, input);
  return transaction(async (t) => {
    const scheduledTime = timeOrFirstStart(data.scheduledTime, await classOf(data.classId, t));
    const now = new Date();
    const trial = await Trial.create({ ...data, scheduledTime, status: SCHEDULED }, { transaction: t });
    await TrialStatusHistory.create({ trialId: trial.id, status: SCHEDULED, changedAt: now }, { transaction: t });
    return toDTO(trial);
  });
}

/**
 * A full edit or only `{ status }`. A blank time takes the (new) class's first
 * start time; an absent one is kept. A real status change writes a history
 * entry with the change time in the same transaction.
 */
export async function updateTrial(actor: Actor | null, id: string, input: unknown): Promise<TrialDTO> {
  assertCanManageTrials(actor);
  const data = parseOrThrow(trialUpdateSchema, input);
  await find(id);
  return transaction(async (t) => {
    const trial = await find(id, t);
    const classChanged = data.classId !== undefined && data.classId !== trial.classId;
    if (classChanged || data.scheduledTime === "") {
      const option = await classOf(data.classId ?? trial.classId, t);
      if (data.scheduledTime === "") data.scheduledTime = timeOrFirstStart("", option);
    }
    const previousStatus = trial.status;
    await trial.update(data, { transaction: t });
    if (data.status !== undefined && data.status !== previousStatus) {
      await TrialStatusHistory.create({ trialId: trial.id, status: data.status, changedAt: new Date() }, { transaction: t });
    }
    return toDTO(trial);
  });
}

/** Deletes a trial; its history goes with it (ON DELETE CASCADE). */
export async function deleteTrial(actor: Actor | null, id: string): Promise<void> {
  assertCanManageTrials(actor);
  const trial = await find(id);
  await transaction(async (t) => {
    await TrialStatusHistory.destroy({ where: { trialId: trial.id }, transaction: t });
    await trial.destroy({ transaction: t });
  });
}

/** Links the trial to the enrolment made from it (inside the enrolment's transaction); the trial's DTO after it. */
export async function linkTrialEnrollment(trialId: string, enrollmentId: string, t: Transaction): Promise<TrialDTO> {
  const trial = await find(trialId, t);
  await trial.update({ enrollmentId }, { transaction: t });
  return toDTO(trial);
}

/**
 * An enrolment was cancelled: the trial it came from is no longer enrolled
 * ('Matriculado' on the calendar means a current enrolment), inside the
 * cancellation's transaction. The enrolment keeps its `trialId`.
 */
export async function unlinkTrialEnrollment(enrollmentId: string, t: Transaction): Promise<void> {
  await Trial.update({ enrollmentId: null }, { where: { enrollmentId }, transaction: t });
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
  for (const trial of trials) await trial.update(values, { transaction: t });
  return before;
}
