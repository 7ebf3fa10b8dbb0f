import { defineJob, type JobDefinition } from "~/platform/jobs.server";

/**
 * Job kinds for the tests only (JOBS_TEST_KINDS=1, refused in production): one
 * that records each run as it starts, in this process (read by the test hook
 * `GET /__test/jobs/runs`), one that always fails with the message it is given.
 */
export interface TestRun {
  jobId: string;
  attempt: number;
  tag: string;
  pid: number;
  /** When it ran (ms since the epoch). */
  ranAt: number;
}

const runs: TestRun[] = [];

export function testRuns(): readonly TestRun[] {
  return runs;
}

export const recordJob = defineJob<{ tag: string; sleepMs?: number }>(
  "test.record",
  async (payload, ctx) => {
    // Recorded as it starts; then, if asked, it takes its time (a long job, for the restart and drain tests).
    runs.push({ jobId: ctx.jobId, attempt: ctx.attempt, tag: payload.tag, pid: process.pid, ranAt: Date.now() });
    if (payload.sleepMs) await new Promise((resolve) => setTimeout(resolve, Math.min(payload.sleepMs ?? 0, 60_000)));
  },
  { label: "Teste: registrar execução" },
);

export const failJob = defineJob<{ message: string }>(
  "test.fail",
  async (payload) => {
    throw new Error(payload.message);
  },
  { label: "Teste: falhar" },
);

export const TEST_JOBS: readonly JobDefinition<never>[] = [recordJob, failJob];
