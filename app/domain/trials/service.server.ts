import { Op, type Transaction } from "sequelize";
import { SchoolClass, Trial, TrialStatusHistory } from "#db/models.ts";
import { db, transaction } from "~/db.server";
import { assertCanManageTrials, requireActor, type Actor } from "../actor";
import { NotFoundError, ValidationError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { isCalendarDate, isMonth, monthBounds } from "./calendar";
import { computeTrialKpis, type TrialKpis } from "./kpis";
import { CLASS_REQUIRED, SCHEDULED, trialSchema, trialUpdateSchema, WANTS_TO_ENROLL } from "./schema";

export interface TrialDTO {
  id: string;
  guardianName: string;
  studentName: string;
  classId: string;
  whatsappNumber: string;
  scheduledDate: string;
  scheduledTime: string;
  status: string;
  origin: string;
  createdAt: string;
  updatedAt: string;
}

export interface TrialHistoryEntryDTO {
  id: string;
  status: string;
  changedAt: string;
}

export type TrialHistories = Record<string, TrialHistoryEntryDTO[]>;

const iso = (value: Date | string) => new Date(value).toISOString();

/** DATEONLY comes back as a string on both dialects; keep it a calendar date. */
function dateOnly(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

function toDTO(t: Trial): TrialDTO {
  return {
    id: t.id,
    guardianName: t.guardianName,
    studentName: t.studentName,
    classId: t.classId,
    whatsappNumber: t.whatsappNumber,
    scheduledDate: dateOnly(t.scheduledDate),
    scheduledTime: t.scheduledTime,
    status: t.status,
    origin: t.origin,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

function toEntryDTO(h: TrialStatusHistory): TrialHistoryEntryDTO {
  return { id: h.id, status: h.status, changedAt: iso(h.changedAt) };
}

const NOT_FOUND = "Experimental não encontrado";
export const CLASS_NOT_FOUND = "Turma não encontrada";
export const MONTH_INVALID = "Mês inválido (use AAAA-MM)";

async function find(id: string, t?: Transaction): Promise<Trial> {
  await db();
  const trial = isUuid(id) ? await Trial.findByPk(id, { transaction: t }) : null;
  if (!trial) throw new NotFoundError(NOT_FOUND);
  return trial;
}

/** A class id must name an existing class: a clear 400 on the field, never a foreign-key 500. */
async function assertClassExists(classId: string, t?: Transaction) {
  const exists = isUuid(classId) ? await SchoolClass.findByPk(classId, { attributes: ["id"], transaction: t }) : null;
  if (!exists) throw new ValidationError({ classId: [classId ? CLASS_NOT_FOUND : CLASS_REQUIRED] });
}

function monthWhere(month: string | null | undefined) {
  if (month === undefined || month === null || month === "") return {};
  if (!isMonth(month)) throw new ValidationError({ month: [MONTH_INVALID] });
  const { first, last } = monthBounds(month);
  // Indexed range on scheduledDate: only the displayed month is read.
  return { scheduledDate: { [Op.between]: [first, last] } };
}

const ORDER: [string, string][] = [
  ["scheduledDate", "ASC"],
  ["scheduledTime", "ASC"],
  ["studentName", "ASC"],
];

/** GET /api/trials: every trial, or one month's (`YYYY-MM`). */
export async function listTrials(actor: Actor | null, filter: { month?: string | null } = {}): Promise<TrialDTO[]> {
  requireActor(actor);
  const where = monthWhere(filter.month);
  await db();
  const rows = await Trial.findAll({ where, order: ORDER });
  return rows.map(toDTO);
}

/** One day's trials (the calendar's "+N mais" dialog). */
export async function listTrialsOn(actor: Actor | null, date: string): Promise<TrialDTO[]> {
  requireActor(actor);
  if (!isCalendarDate(date)) throw new NotFoundError("Data inválida");
  await db();
  const rows = await Trial.findAll({ where: { scheduledDate: date }, order: ORDER });
  return rows.map(toDTO);
}

export async function getTrial(actor: Actor | null, id: string): Promise<TrialDTO> {
  requireActor(actor);
  return toDTO(await find(id));
}

async function historiesOf(trialIds: string[] | null): Promise<TrialHistories> {
  const rows = await TrialStatusHistory.findAll({
    where: trialIds ? { trialId: { [Op.in]: trialIds } } : {},
    order: [
      ["changedAt", "ASC"],
      ["id", "ASC"],
    ],
  });
  const byTrial: TrialHistories = {};
  for (const id of trialIds ?? []) byTrial[id] = [];
  for (const row of rows) (byTrial[row.trialId] ??= []).push(toEntryDTO(row));
  return byTrial;
}

/** GET /api/trials/all-histories: trial id → its entries (oldest first), for every trial or one month's. */
export async function listAllHistories(actor: Actor | null, filter: { month?: string | null } = {}): Promise<TrialHistories> {
  requireActor(actor);
  const where = monthWhere(filter.month);
  await db();
  const trials = await Trial.findAll({ where, attributes: ["id"] });
  const ids = trials.map((t) => t.id);
  if (!filter.month) {
    const all = await historiesOf(null);
    for (const id of ids) all[id] ??= [];
    return all;
  }
  return ids.length ? historiesOf(ids) : {};
}

/** GET /api/trials/{id}/history: entries oldest first. */
export async function getTrialHistory(actor: Actor | null, id: string): Promise<TrialHistoryEntryDTO[]> {
  requireActor(actor);
  const trial = await find(id);
  return (await historiesOf([trial.id]))[trial.id] ?? [];
}

/** What the calendar shows of a trial (plus createdAt, for the sales-cycle KPI). */
export interface CalendarTrialRow {
  id: string;
  guardianName: string;
  studentName: string;
  whatsappNumber: string;
  scheduledDate: string;
  scheduledTime: string;
  status: string;
  createdAt: string;
}

export interface TrialMonth {
  trials: CalendarTrialRow[];
  kpis: TrialKpis;
}

/**
 * The calendar screen: one month's trials and the KPIs computed from them.
 * Reads only the columns the screen uses (plain rows, no model instances) and,
 * for the sales cycle, only the 'Quer Matricular' entries of trials in that
 * status, so a busy month stays fast.
 */
export async function getTrialMonth(actor: Actor | null, month: string): Promise<TrialMonth> {
  requireActor(actor);
  const where = monthWhere(month);
  await db();
  const rows = (await Trial.findAll({
    where,
    order: ORDER,
    attributes: ["id", "guardianName", "studentName", "whatsappNumber", "scheduledDate", "scheduledTime", "status", "createdAt"],
    raw: true,
  })) as unknown as Array<Omit<CalendarTrialRow, "createdAt" | "scheduledDate"> & { createdAt: Date | string; scheduledDate: string | Date }>;
  const trials = rows.map((r) => ({ ...r, scheduledDate: dateOnly(r.scheduledDate), createdAt: iso(r.createdAt) }));
  const enrolling = trials.filter((t) => t.status === WANTS_TO_ENROLL).map((t) => t.id);
  const histories: TrialHistories = {};
  if (enrolling.length) {
    const entries = (await TrialStatusHistory.findAll({
      where: { trialId: { [Op.in]: enrolling }, status: WANTS_TO_ENROLL },
      attributes: ["id", "trialId", "status", "changedAt"],
      raw: true,
    })) as unknown as Array<{ id: string; trialId: string; status: string; changedAt: Date | string }>;
    for (const e of entries) (histories[e.trialId] ??= []).push({ id: e.id, status: e.status, changedAt: iso(e.changedAt) });
  }
  return { trials, kpis: computeTrialKpis(trials, histories) };
}

/** Creates a trial as 'Agendado' with its first history entry, in one transaction. */
export async function createTrial(actor: Actor | null, input: unknown): Promise<TrialDTO> {
  assertCanManageTrials(actor);
  const data = parseOrThrow(trialSchema, input);
  await db();
  return transaction(async (t) => {
    await assertClassExists(data.classId, t);
    const now = new Date();
    const trial = await Trial.create({ ...data, status: SCHEDULED }, { transaction: t });
    await TrialStatusHistory.create({ trialId: trial.id, status: SCHEDULED, changedAt: now }, { transaction: t });
    return toDTO(trial);
  });
}

/**
 * A full edit or only `{ status }`. A real status change writes a history entry
 * with the change time in the same transaction.
 */
export async function updateTrial(actor: Actor | null, id: string, input: unknown): Promise<TrialDTO> {
  assertCanManageTrials(actor);
  const data = parseOrThrow(trialUpdateSchema, input);
  await find(id);
  return transaction(async (t) => {
    const trial = await find(id, t);
    if (data.classId !== undefined && data.classId !== trial.classId) await assertClassExists(data.classId, t);
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
