import { cleanupAuthRows } from "./auth/service.server";
import { cleanupUploads } from "./users/avatars.server";
import { cleanupAuditEntries } from "./audit/service.server";
import { env } from "~/platform/env.server";
import { defineRecurring, pruneDoneJobs } from "~/platform/jobs.server";

/**
 * Periodic cleanup: expired sessions, login-attempt windows that ended, upload
 * records never used (with their files), audit entries past their retention
 * (AUDIT_RETENTION_DAYS), done jobs of the queue and recurring runs older than a
 * week (DONE_JOBS_KEPT_DAYS). Every server process runs it once at start; then it
 * is the recurring job 'Limpeza periódica', every hour on the hour, once across
 * the servers (ADR 023), its run shown on 'Integrações'. Every step is an
 * idempotent delete, so several processes running it is harmless.
 */
export const HOUSEKEEPING_CRON = "0 * * * *";

/** The steps, in order; a failure stops them and is thrown. Answers the counts the run shows. */
export async function housekeepingSteps(now = new Date()): Promise<Record<string, number>> {
  await cleanupAuthRows(now);
  await cleanupUploads(now);
  await cleanupAuditEntries(env().AUDIT_RETENTION_DAYS, now);
  const jobs = await pruneDoneJobs(now);
  return { "trabalhos concluídos apagados": jobs };
}

export const housekeepingRoutine = defineRecurring("housekeeping", "Limpeza periódica", HOUSEKEEPING_CRON, () => housekeepingSteps());

let running: Promise<void> | null = null;

export function runHousekeeping(now = new Date()): Promise<void> {
  running ??= (async () => {
    try {
      await housekeepingSteps(now);
    } catch (error) {
      console.error("limpeza periódica falhou:", error);
    } finally {
      running = null;
    }
  })();
  return running;
}

/** The run at start (the hourly ones are the recurring job's). */
export function startHousekeeping() {
  void runHousekeeping();
}

/** Waits for a run in progress (before the database closes). */
export async function stopHousekeeping() {
  await running;
}
