import type { JobDefinition, JobRegistry, RecurringDefinition } from "~/platform/jobs.server";
import { env } from "~/platform/env.server";
import { BANK_JOBS } from "~/domain/bank/jobs.server";
import { housekeepingRoutine } from "~/domain/housekeeping.server";
import { TEST_JOBS } from "./test-jobs.server";
import { pixReceivedJob, pixRefundJob, reconciliationRecurring } from "~/domain/bank/money-jobs.server";

/**
 * Every job and recurring job the runner knows (ADR 023): the domain defines
 * them in `app/domain/<area>/jobs.server.ts` with `defineJob` / `defineRecurring`
 * (app/platform/jobs.server.ts) and they are listed here, once. A job whose kind
 * is not listed fails with "Tipo de trabalho desconhecido".
 */
export const JOBS: readonly JobDefinition<never>[] = [...BANK_JOBS, pixReceivedJob, pixRefundJob] as JobDefinition<never>[];

export const RECURRING: readonly RecurringDefinition[] = [housekeepingRoutine, reconciliationRecurring];

/** What the runner of this process is started with (server/app.ts): the lists above, and the test kinds when JOBS_TEST_KINDS=1. */
export function jobRegistry(): JobRegistry {
  return { jobs: env().JOBS_TEST_KINDS ? [...JOBS, ...TEST_JOBS] : JOBS, recurring: RECURRING };
}
