import { randomUUID } from "node:crypto";
import { QueryTypes, type Sequelize, type Transaction } from "sequelize";
import { dialectOf } from "./connection.ts";
import { selectOn, writeOn } from "./select.ts";

/**
 * The job queue's statements (migration 0024, ADR 023), the only SQL text of
 * the `jobs` and `recurring_runs` tables. The runner (app/platform/jobs.server.ts)
 * calls them outside any transaction, each statement atomic on its own; only the
 * enqueue runs in the caller's transaction (the outbox). The claim is the one
 * statement that differs per database:
 *
 * - PostgreSQL: one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`:
 *   servers polling at the same moment each take different rows, none waits.
 * - SQLite (one writer at a time): the due ids are read, then each is taken by
 *   `UPDATE … WHERE id = ? AND status = 'pending'`; a row another process took
 *   first matches nothing.
 */

export const JOB_STATUSES = ["pending", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** An instant as the models store it on SQLite ('2026-11-21 14:38:23.947 +00:00'; PostgreSQL reads it as timestamptz). */
function ts(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", " +00:00");
}

/** A timestamp as the driver returns it (a Date on PostgreSQL, the stored text on SQLite). */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  return new Date(String(value).replace(" ", "T").replace(" +00:00", "Z"));
}

export interface NewJob {
  kind: string;
  payload: string;
  key: string | null;
  runAt: Date;
}

const JOBS_PER_INSERT = 1000;

/**
 * Writes pending jobs in `t` (the caller's transaction), in one statement. With
 * a key, a job is not written while another job with that key is pending or
 * running (the unique `activeKey`).
 */
export async function insertJobs(sequelize: Sequelize, t: Transaction | null, jobs: readonly NewJob[], now = new Date()): Promise<void> {
  if (!jobs.length) return;
  // Five values a job: a statement stays far below SQLite's limit of bound values.
  if (jobs.length > JOBS_PER_INSERT) {
    for (let i = 0; i < jobs.length; i += JOBS_PER_INSERT) await insertJobs(sequelize, t, jobs.slice(i, i + JOBS_PER_INSERT), now);
    return;
  }
  const replacements: Record<string, string | null> = { now: ts(now) };
  const values = jobs.map((job, i) => {
    Object.assign(replacements, {
      [`id${i}`]: randomUUID(),
      [`kind${i}`]: job.kind,
      [`payload${i}`]: job.payload,
      [`key${i}`]: job.key,
      [`runAt${i}`]: ts(job.runAt),
    });
    return `(:id${i}, :kind${i}, :payload${i}, :key${i}, :key${i}, 'pending', 0, :runAt${i}, :now, :now)`;
  });
  await sequelize.query(
    `INSERT INTO "jobs" ("id", "kind", "payload", "key", "activeKey", "status", "attempts", "runAt", "createdAt", "updatedAt")
     VALUES ${values.join(", ")}
     ON CONFLICT ("activeKey") DO NOTHING`,
    { replacements, transaction: t ?? undefined, type: QueryTypes.INSERT },
  );
}

/** Writes one pending job in `t` (see insertJobs). */
export async function insertJob(sequelize: Sequelize, t: Transaction | null, job: NewJob, now = new Date()): Promise<void> {
  await insertJobs(sequelize, t, [job], now);
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: string;
  attempts: number;
}

const CLAIMED = `"id", "kind", "payload", "attempts"`;

/** Takes up to `limit` due pending jobs for `worker` (status running, one more attempt, locked now). */
export async function claimJobs(sequelize: Sequelize, worker: string, limit: number, now = new Date()): Promise<ClaimedJob[]> {
  if (limit <= 0) return [];
  const params = { now: ts(now), worker, limit };
  if (dialectOf(sequelize) === "postgres") {
    return writeOn<ClaimedJob>(
      sequelize,
      `UPDATE "jobs" SET "status" = 'running', "attempts" = "attempts" + 1, "lockedAt" = :now, "lockedBy" = :worker, "updatedAt" = :now
       WHERE "id" IN (SELECT "id" FROM "jobs" WHERE "status" = 'pending' AND "runAt" <= :now
                      ORDER BY "runAt" LIMIT :limit FOR UPDATE SKIP LOCKED)
       RETURNING ${CLAIMED}`,
      params,
    );
  }
  const due = await selectOn<{ id: string }>(
    sequelize,
    `SELECT "id" FROM "jobs" WHERE "status" = 'pending' AND "runAt" <= :now ORDER BY "runAt" LIMIT :limit`,
    params,
  );
  const claimed: ClaimedJob[] = [];
  for (const { id } of due) {
    const rows = await writeOn<ClaimedJob>(
      sequelize,
      `UPDATE "jobs" SET "status" = 'running', "attempts" = "attempts" + 1, "lockedAt" = :now, "lockedBy" = :worker, "updatedAt" = :now
       WHERE "id" = :id AND "status" = 'pending'
       RETURNING ${CLAIMED}`,
      { id, now: ts(now), worker },
    );
    claimed.push(...rows);
  }
  return claimed;
}

/** A job `worker` ran to the end: done, its key free again. False when the job was no longer this worker's. */
export async function completeJob(sequelize: Sequelize, id: string, worker: string, now = new Date()): Promise<boolean> {
  const rows = await writeOn<{ id: string }>(
    sequelize,
    `UPDATE "jobs" SET "status" = 'done', "activeKey" = NULL, "finishedAt" = :now, "lockedAt" = NULL, "lockedBy" = NULL, "updatedAt" = :now
     WHERE "id" = :id AND "lockedBy" = :worker AND "status" = 'running'
     RETURNING "id"`,
    { id, worker, now: ts(now) },
  );
  return rows.length > 0;
}

/**
 * A try of `worker` failed: back to pending at `retryAt`, or failed for good
 * (`retryAt` null: its key free again), keeping `error` as its last error.
 */
export async function failJob(
  sequelize: Sequelize,
  id: string,
  worker: string,
  error: string,
  retryAt: Date | null,
  now = new Date(),
): Promise<boolean> {
  const rows = await writeOn<{ id: string }>(
    sequelize,
    retryAt
      ? `UPDATE "jobs" SET "status" = 'pending', "runAt" = :retryAt, "lastError" = :error, "lockedAt" = NULL, "lockedBy" = NULL, "updatedAt" = :now
         WHERE "id" = :id AND "lockedBy" = :worker AND "status" = 'running' RETURNING "id"`
      : `UPDATE "jobs" SET "status" = 'failed', "activeKey" = NULL, "finishedAt" = :now, "lastError" = :error, "lockedAt" = NULL, "lockedBy" = NULL, "updatedAt" = :now
         WHERE "id" = :id AND "lockedBy" = :worker AND "status" = 'running' RETURNING "id"`,
    { id, worker, error, now: ts(now), ...(retryAt ? { retryAt: ts(retryAt) } : {}) },
  );
  return rows.length > 0;
}

/** Keeps the locks of the jobs `worker` is running fresh (a long job is not taken for a dead process's). */
export async function refreshLocks(sequelize: Sequelize, worker: string, now = new Date()): Promise<void> {
  await writeOn(sequelize, `UPDATE "jobs" SET "lockedAt" = :now WHERE "lockedBy" = :worker AND "status" = 'running'`, {
    worker,
    now: ts(now),
  });
}

/**
 * Jobs left running by a process that died (their lock older than `staleBefore`):
 * back to pending, at once; one whose tries are spent fails with `error`.
 * Answers how many were recovered.
 */
export async function recoverStaleJobs(
  sequelize: Sequelize,
  staleBefore: Date,
  maxAttempts: number,
  error: string,
  now = new Date(),
): Promise<number> {
  const params = { staleBefore: ts(staleBefore), now: ts(now), maxAttempts, error };
  const stale = await selectOn<{ id: string }>(
    sequelize,
    `SELECT "id" FROM "jobs" WHERE "status" = 'running' AND "lockedAt" < :staleBefore`,
    { staleBefore: params.staleBefore },
  );
  if (stale.length === 0) return 0;
  const failed = await writeOn<{ id: string }>(
    sequelize,
    `UPDATE "jobs" SET "status" = 'failed', "activeKey" = NULL, "finishedAt" = :now, "lastError" = :error, "lockedAt" = NULL, "lockedBy" = NULL, "updatedAt" = :now
     WHERE "status" = 'running' AND "lockedAt" < :staleBefore AND "attempts" >= :maxAttempts RETURNING "id"`,
    params,
  );
  const pending = await writeOn<{ id: string }>(
    sequelize,
    `UPDATE "jobs" SET "status" = 'pending', "runAt" = :now, "lastError" = :error, "lockedAt" = NULL, "lockedBy" = NULL, "updatedAt" = :now
     WHERE "status" = 'running' AND "lockedAt" < :staleBefore RETURNING "id"`,
    params,
  );
  return failed.length + pending.length;
}

/** Done jobs finished before `before`, and recurring runs started before it, are deleted. */
export async function pruneJobs(sequelize: Sequelize, before: Date): Promise<number> {
  const done = await writeOn<{ id: string }>(
    sequelize,
    `DELETE FROM "jobs" WHERE "status" = 'done' AND "finishedAt" < :before RETURNING "id"`,
    { before: ts(before) },
  );
  await writeOn(sequelize, `DELETE FROM "recurring_runs" WHERE "startedAt" < :before`, { before: ts(before) });
  return done.length;
}

// ---- Recurring runs ----

/**
 * Starts the run of `name`'s `slot` (once across servers: unique name and slot).
 * Answers its id, or null when that slot already ran to the end.
 */
export async function beginRecurringRun(sequelize: Sequelize, name: string, slot: Date, now = new Date()): Promise<string | null> {
  await writeOn(
    sequelize,
    `INSERT INTO "recurring_runs" ("id", "name", "slot", "startedAt") VALUES (:id, :name, :slot, :now)
     ON CONFLICT ("name", "slot") DO NOTHING`,
    { id: randomUUID(), name, slot: ts(slot), now: ts(now) },
  );
  const rows = await writeOn<{ id: string }>(
    sequelize,
    `UPDATE "recurring_runs" SET "startedAt" = :now WHERE "name" = :name AND "slot" = :slot AND "finishedAt" IS NULL RETURNING "id"`,
    { name, slot: ts(slot), now: ts(now) },
  );
  return rows[0]?.id ?? null;
}

export async function finishRecurringRun(
  sequelize: Sequelize,
  id: string,
  outcome: { result: string | null; error: string | null },
  now = new Date(),
): Promise<void> {
  await writeOn(sequelize, `UPDATE "recurring_runs" SET "finishedAt" = :now, "result" = :result, "error" = :error WHERE "id" = :id`, {
    id,
    now: ts(now),
    result: outcome.result,
    error: outcome.error,
  });
}
