import { cleanupAuthRows } from "./auth/service.server";
import { cleanupUploads } from "./users/avatars.server";
import { cleanupAuditEntries } from "./audit/service.server";
import { env } from "~/platform/env.server";
import { pruneDoneJobs } from "~/platform/jobs.server";

/**
 * Periodic cleanup in every server process: expired sessions, login-attempt
 * windows that ended, upload records never used (with their files) and audit
 * entries past their retention (AUDIT_RETENTION_DAYS), done jobs of the queue
 * and recurring runs older than a week (DONE_JOBS_KEPT_DAYS). Once
 * at start, then hourly; the timer never keeps the process alive. Every step is
 * an idempotent delete, so several processes running it is harmless.
 */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<void> | null = null;

export function runHousekeeping(now = new Date()): Promise<void> {
  running ??= (async () => {
    try {
      await cleanupAuthRows(now);
      await cleanupUploads(now);
      await cleanupAuditEntries(env().AUDIT_RETENTION_DAYS, now);
      await pruneDoneJobs(now);
    } catch (error) {
      console.error("limpeza periódica falhou:", error);
    } finally {
      running = null;
    }
  })();
  return running;
}

export function startHousekeeping(intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  if (timer) return;
  void runHousekeeping();
  timer = setInterval(() => void runHousekeeping(), intervalMs);
  timer.unref();
}

/** Stops the timer and waits for a run in progress (before the database closes). */
export async function stopHousekeeping() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
