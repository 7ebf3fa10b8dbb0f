import { randomUUID } from "node:crypto";
import os from "node:os";
import { Cron } from "croner";
import type { Sequelize, Transaction } from "sequelize";
import { jobQueue } from "#db/index.ts";
import { db, transaction } from "./db.server";
import { env } from "./env.server";

/**
 * The job queue (ADR 023): background work kept in the database, on both
 * databases, with no library (the kept ones are PostgreSQL only).
 *
 * - A job is written by `enqueue` in the caller's transaction (a transactional
 *   outbox): it exists if and only if the change that needs it committed, and
 *   this process's runner is woken once it has.
 * - Every app server (every cluster worker) runs a runner: it polls every
 *   JOBS_POLL_MS, claims due jobs atomically (db/jobs.ts: `FOR UPDATE SKIP
 *   LOCKED` on PostgreSQL, a guarded `UPDATE` on SQLite), so each job runs once.
 * - A try that throws waits 1, 2, 4 … 32 min, then 1 h (JOBS_RETRY_BASE_MS ×
 *   2^n, at most 60 × the base); the 10th failure leaves it 'failed' with its
 *   last error, until an Administrator retries it (/integrations).
 * - A job left running by a dead process (its lock older than
 *   JOBS_LOCK_TIMEOUT_MS; a live runner refreshes its locks) goes back to pending.
 * - Recurring jobs (croner, in the school's time zone): each due slot becomes a
 *   job keyed `recurring:<name>:<slot>`, whichever server sees it first; the run
 *   is recorded once per slot (`recurring_runs`), with its counts or its error.
 *
 * The domain declares its jobs with `defineJob` / `defineRecurring` in
 * `app/domain/<area>/jobs.server.ts`; `app/server/jobs.server.ts` lists them
 * all (the registry the runner is started with).
 */

export interface JobContext {
  jobId: string;
  /** 1-based: the first try is 1. */
  attempt: number;
}

export interface JobDefinition<P> {
  readonly kind: string;
  /** Shown on /integrations (Portuguese); the kind when none was given. */
  readonly label: string;
  run(payload: P, ctx: JobContext): Promise<void>;
}

export interface RecurringDefinition {
  readonly name: string;
  /** Portuguese, shown on /integrations. */
  readonly label: string;
  /** A cron expression (5 fields, or 6 with seconds), in the school's time zone. */
  readonly cron: string;
  /** Its counts are shown as the run's result. */
  run(ctx: JobContext): Promise<Record<string, number> | void>;
}

/** The tries a job gets before it is 'failed'. */
export const MAX_ATTEMPTS = 10;
/** The longest wait between two tries, in multiples of JOBS_RETRY_BASE_MS (60 × 1 min = 1 h). */
export const RETRY_CAP_FACTOR = 60;
/** How many jobs one process runs at a time. */
export const JOB_CONCURRENCY = 4;
/** The kind of the job that runs one slot of a recurring job. */
export const RECURRING_KIND = "recurring";

const labels = new Map<string, string>([[RECURRING_KIND, "Rotina"]]);
const recurringLabels = new Map<string, string>();

/** The Portuguese label of a recurring job (its name when none was defined in this process). */
export function recurringLabel(name: string): string {
  return recurringLabels.get(name) ?? name;
}

/** The Portuguese label of a kind of job (the kind itself when it has none). */
export function jobLabel(kind: string): string {
  return labels.get(kind) ?? kind;
}

export function defineJob<P extends object>(
  kind: string,
  run: (payload: P, ctx: JobContext) => Promise<void>,
  options: { label?: string } = {},
): JobDefinition<P> {
  if (kind === RECURRING_KIND) throw new Error(`"${RECURRING_KIND}" é o tipo reservado às rotinas`);
  const label = options.label ?? kind;
  labels.set(kind, label);
  return { kind, label, run };
}

export function defineRecurring(name: string, label: string, cron: string, run: RecurringDefinition["run"]): RecurringDefinition {
  // A wrong expression fails at start, not at its first slot.
  new Cron(cron, { paused: true });
  recurringLabels.set(name, label);
  return { name, label, cron, run };
}

/**
 * Writes `job` with `payload` in `t`; it runs after `t` commits (here at once,
 * elsewhere within JOBS_POLL_MS), at `runAt` if later. With `key`: while a job
 * with this key is pending or running, a second enqueue is a no-op.
 */
export async function enqueue<P extends object>(
  t: Transaction,
  job: JobDefinition<P>,
  payload: P,
  opts: { runAt?: Date; key?: string } = {},
): Promise<void> {
  await enqueueKind(t, job.kind, payload, opts);
}

/** Several jobs of one kind written in one statement (see `enqueue`): a batch's work, each item with its own key. */
export async function enqueueMany<P extends object>(
  t: Transaction,
  job: JobDefinition<P>,
  items: ReadonlyArray<{ payload: P; key?: string }>,
): Promise<void> {
  if (!items.length) return;
  const now = new Date();
  await jobQueue.insertJobs(
    await db(),
    t,
    items.map((item) => ({ kind: job.kind, payload: JSON.stringify(item.payload), key: item.key ?? null, runAt: now })),
    now,
  );
  t.afterCommit(() => wakeJobRunner());
}

async function enqueueKind(t: Transaction | null, kind: string, payload: object, opts: { runAt?: Date; key?: string }): Promise<void> {
  const now = new Date();
  const runAt = opts.runAt ?? now;
  await jobQueue.insertJob(await db(), t, { kind, payload: JSON.stringify(payload), key: opts.key ?? null, runAt }, now);
  if (runAt <= now) {
    if (t) t.afterCommit(() => wakeJobRunner());
    else wakeJobRunner();
  } else {
    wakeAt(runAt);
  }
}

/** The wait after try number `attempt` failed (1-based): base × 2^(attempt−1), at most 60 × base. */
export function retryDelayMs(attempt: number, baseMs = env().JOBS_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), baseMs * RETRY_CAP_FACTOR);
}

/** An error as kept on the job: its message (its first 2000 characters). */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return (text || "erro sem mensagem").slice(0, 2000);
}

/** Days a done job (and a recurring run) is kept before the periodic cleanup deletes it. */
export const DONE_JOBS_KEPT_DAYS = 7;

/** Deletes the done jobs and the recurring runs older than DONE_JOBS_KEPT_DAYS (app/domain/housekeeping.server.ts). */
export async function pruneDoneJobs(now = new Date()): Promise<number> {
  return jobQueue.pruneJobs(await db(), new Date(now.getTime() - DONE_JOBS_KEPT_DAYS * 86_400_000));
}

// ---- Recurring jobs ----

/** The next slot of `definition` after `after`, in the school's time zone (null: never again). */
export function nextSlot(definition: Pick<RecurringDefinition, "cron">, after: Date, timeZone = env().SCHOOL_TIME_ZONE): Date | null {
  return new Cron(definition.cron, { timezone: timeZone, paused: true }).nextRun(after);
}

async function runRecurringSlot(definition: RecurringDefinition, slot: Date, ctx: JobContext): Promise<void> {
  const sequelize = await db();
  const runId = await jobQueue.beginRecurringRun(sequelize, definition.name, slot);
  // That slot already ran (a second server saw it after the first finished).
  if (!runId) return;
  let outcome: { result: string | null; error: string | null };
  try {
    const counts = await definition.run(ctx);
    outcome = { result: JSON.stringify(counts ?? {}), error: null };
  } catch (error) {
    // The next slot is its retry: a recurring run is not tried again.
    console.error(`rotina ${definition.name} falhou:`, error);
    outcome = { result: null, error: errorText(error) };
  }
  await jobQueue.finishRecurringRun(sequelize, runId, outcome);
}

// ---- The runner ----

export interface JobRegistry {
  jobs: readonly JobDefinition<never>[];
  recurring: readonly RecurringDefinition[];
}

export interface RunnerSettings {
  pollMs: number;
  retryBaseMs: number;
  lockTimeoutMs: number;
  timeZone: string;
  concurrency: number;
}

/**
 * One process's runner: claims due jobs and runs them, at most `concurrency`
 * at a time; enqueues the recurring jobs' slots as they fall due. Exported for
 * the tests, which drive one with `runDue()`; servers use `startJobRunner`.
 */
export class JobRunner {
  readonly worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly kinds: Map<string, JobDefinition<never>>;
  private readonly recurring: Map<string, RecurringDefinition>;
  private readonly nextSlots = new Map<string, Date | null>();
  private readonly running = new Map<string, Promise<void>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  private wakeDue = Infinity;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Only a started runner wakes itself (a test drives its runner by hand). */
  private started = false;
  private lastMaintenance = -Infinity;

  constructor(
    registry: JobRegistry,
    readonly settings: RunnerSettings,
  ) {
    this.kinds = new Map(registry.jobs.map((job) => [job.kind, job]));
    this.recurring = new Map(registry.recurring.map((r) => [r.name, r]));
  }

  start(now = new Date()): void {
    this.started = true;
    this.scheduleFrom(now);
    this.timer = setInterval(() => this.wake(), this.settings.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** The recurring jobs' next slots after `now` (a slot missed while no server ran is not made up). */
  scheduleFrom(now: Date): void {
    for (const definition of this.recurring.values())
      this.nextSlots.set(definition.name, nextSlot(definition, now, this.settings.timeZone));
  }

  /** Looks for due jobs now (after a commit that wrote one). */
  wake(): void {
    if (this.stopped || !this.started) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((error) => console.error("fila de trabalhos:", error))
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Wakes at `at` when that is sooner than the next poll (a retry after a short back-off, a job for later). */
  wakeAt(at: Date): void {
    const ms = at.getTime() - Date.now();
    if (this.stopped || !this.started || ms >= this.settings.pollMs || at.getTime() >= this.wakeDue) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeDue = at.getTime();
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        this.wakeDue = Infinity;
        this.wake();
      },
      Math.max(0, ms),
    );
    this.wakeTimer.unref();
  }

  /** One round: maintenance when due, the recurring slots due, then as many due jobs as there is room for. */
  async tick(now = new Date()): Promise<void> {
    const sequelize = await db();
    if (now.getTime() - this.lastMaintenance >= this.settings.lockTimeoutMs / 4) {
      this.lastMaintenance = now.getTime();
      await jobQueue.refreshLocks(sequelize, this.worker, now);
      const recovered = await jobQueue.recoverStaleJobs(
        sequelize,
        new Date(now.getTime() - this.settings.lockTimeoutMs),
        MAX_ATTEMPTS,
        "Interrompido: o servidor que o executava parou",
        now,
      );
      if (recovered) console.warn(`fila de trabalhos: ${recovered} trabalho(s) de um processo encerrado voltaram à fila`);
    }
    await this.enqueueDueSlots(now);
    const room = this.settings.concurrency - this.running.size;
    if (room <= 0 || this.stopped) return;
    const claimed = await jobQueue.claimJobs(sequelize, this.worker, room, now);
    for (const job of claimed) {
      const done = this.execute(sequelize, job).finally(() => {
        this.running.delete(job.id);
        this.wake();
      });
      this.running.set(job.id, done);
    }
  }

  private async enqueueDueSlots(now: Date): Promise<void> {
    for (const definition of this.recurring.values()) {
      const slot = this.nextSlots.get(definition.name);
      if (!slot || slot > now) continue;
      const key = `recurring:${definition.name}:${slot.toISOString()}`;
      await transaction((t) => enqueueKind(t, RECURRING_KIND, { name: definition.name, slot: slot.toISOString() }, { key, runAt: slot }));
      this.nextSlots.set(definition.name, nextSlot(definition, now, this.settings.timeZone));
    }
  }

  private async execute(sequelize: Sequelize, job: jobQueue.ClaimedJob): Promise<void> {
    const ctx: JobContext = { jobId: job.id, attempt: Number(job.attempts) };
    let failure: unknown = null;
    try {
      await this.runOne(job, ctx);
    } catch (error) {
      failure = error ?? new Error("erro sem mensagem");
    }
    if (failure === null) {
      await persist(() => jobQueue.completeJob(sequelize, job.id, this.worker));
      return;
    }
    const final = ctx.attempt >= MAX_ATTEMPTS;
    const retryAt = final ? null : new Date(Date.now() + retryDelayMs(ctx.attempt, this.settings.retryBaseMs));
    console.error(
      `trabalho ${job.kind} (${job.id}) falhou na tentativa ${ctx.attempt}${final ? ", sem novas tentativas" : ""}:`,
      errorText(failure),
    );
    await persist(() => jobQueue.failJob(sequelize, job.id, this.worker, errorText(failure), retryAt));
    if (retryAt) this.wakeAt(retryAt);
  }

  private async runOne(job: jobQueue.ClaimedJob, ctx: JobContext): Promise<void> {
    const payload = JSON.parse(job.payload) as Record<string, unknown>;
    if (job.kind === RECURRING_KIND) {
      const definition = this.recurring.get(String(payload.name));
      if (!definition) throw new Error(`Rotina desconhecida: ${String(payload.name)}`);
      return runRecurringSlot(definition, new Date(String(payload.slot)), ctx);
    }
    const definition = this.kinds.get(job.kind);
    // Kept for a retry (a server of a newer version may know it), failed after the tries like any other.
    if (!definition) throw new Error(`Tipo de trabalho desconhecido: ${job.kind}`);
    await definition.run(payload as never, ctx);
  }

  /** Claims until nothing is due, waiting for every job it started (tests). */
  async runDue(now = new Date()): Promise<void> {
    for (;;) {
      await this.tick(now);
      if (this.running.size === 0) return;
      await Promise.all(this.running.values());
    }
  }

  /** Stops claiming and waits for the jobs running (SIGTERM drains). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    await this.ticking;
    await Promise.all(this.running.values());
  }
}

/**
 * Records a job's outcome, trying again a few times when the database refuses
 * for a moment (SQLite busy beyond its timeout, a connection lost): a job that
 * ran must not be left running until its lock times out, nor run again. What
 * still fails is logged; the lock timeout is the last resort.
 */
async function persist(write: () => Promise<unknown>, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (error) {
      if (attempt >= tries) {
        console.error("fila de trabalhos: resultado não gravado:", error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

let runner: JobRunner | null = null;

/** This process's runner looks for due jobs now (after a commit that made one due). */
export function wakeJobRunner(): void {
  runner?.wake();
}

function wakeAt(at: Date): void {
  runner?.wakeAt(at);
}

/** Starts this process's runner with the registry (app/server/jobs.server.ts); once. */
export function startJobRunner(registry: JobRegistry): JobRunner {
  if (runner) return runner;
  const config = env();
  runner = new JobRunner(registry, {
    pollMs: config.JOBS_POLL_MS,
    retryBaseMs: config.JOBS_RETRY_BASE_MS,
    lockTimeoutMs: config.JOBS_LOCK_TIMEOUT_MS,
    timeZone: config.SCHOOL_TIME_ZONE,
    concurrency: JOB_CONCURRENCY,
  });
  runner.start();
  return runner;
}

/** Stops claiming and waits for the running jobs (before the database closes). */
export async function stopJobRunner(): Promise<void> {
  const current = runner;
  runner = null;
  await current?.stop();
}
