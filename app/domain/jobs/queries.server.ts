import cronstrue from "cronstrue/i18n.js";
import { Job, RecurringRun } from "#db/models.ts";
import { selectRows } from "~/platform/db.server";
import { jobLabel, nextSlot, recurringLabel, RECURRING_KIND, type RecurringDefinition } from "~/platform/jobs.server";
import { assertAdmin, type Actor } from "../access/roles";
import { NotFoundError } from "../errors";
import { sqlList, type ListSource } from "../list.server";
import { isUuid, parseOrThrow } from "../validation";
import { JOB_NOT_FOUND, jobFilterSchema, type JobCounts, type JobDTO, type JobStatus, type RoutineDTO } from "./schema";

/**
 * The reads of the job queue for the Administrator ('Integrações', GET
 * /api/jobs): the tables `jobs` and `recurring_runs` of migration 0024, which
 * the queue itself (db/jobs.ts, app/platform/jobs.server.ts) writes.
 */

interface JobRow {
  id: string;
  kind: string;
  payload: string;
  status: string;
  attempts: number | string;
  runAt: string | Date;
  lastError: string | null;
  createdAt: string | Date;
  finishedAt: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** A job's kind in Portuguese; a recurring job's slot says which routine. */
function labelOf(kind: string, payload: string): string {
  if (kind !== RECURRING_KIND) return jobLabel(kind);
  try {
    return `${jobLabel(kind)}: ${recurringLabel(String((JSON.parse(payload) as { name?: unknown }).name))}`;
  } catch {
    return jobLabel(kind);
  }
}

export function toJobDTO(row: JobRow): JobDTO {
  return {
    id: row.id,
    kind: row.kind,
    label: labelOf(row.kind, row.payload),
    status: row.status as JobStatus,
    attempts: Number(row.attempts),
    runAt: iso(row.runAt),
    lastError: row.lastError ?? null,
    createdAt: iso(row.createdAt),
    finishedAt: row.finishedAt ? iso(row.finishedAt) : null,
  };
}

/** A job by id (404 when missing or malformed), as its row; for this module's commands. */
export async function findJob(id: string): Promise<Job> {
  const job = isUuid(id) ? await Job.findByPk(id) : null;
  if (!job) throw new NotFoundError(JOB_NOT_FOUND);
  return job;
}

const COLUMNS = ["id", "kind", "payload", "status", "attempts", "runAt", "lastError", "createdAt", "finishedAt"]
  .map((c) => `"j"."${c}"`)
  .join(", ");

/** GET /api/jobs?status=: newest first (created, then id), in batches; Administrator only. */
export function jobList(actor: Actor | null, input: unknown): ListSource<JobDTO> {
  assertAdmin(actor);
  const filter = parseOrThrow(jobFilterSchema, input);
  return sqlList<JobRow & Record<string, unknown>, JobDTO>(
    `jobs:${filter.status ?? "all"}`,
    {
      columns: COLUMNS,
      from: `FROM "jobs" AS "j"`,
      ...(filter.status ? { where: `"j"."status" = :status`, params: { status: filter.status } } : {}),
      key: [
        { expr: `"j"."createdAt"`, type: "instant", desc: true },
        { expr: `"j"."id"`, type: "uuid", desc: true },
      ],
    },
    (rows) => rows.map(toJobDTO),
  );
}

export async function getJob(actor: Actor | null, id: string): Promise<JobDTO> {
  assertAdmin(actor);
  const job = await findJob(id);
  return toJobDTO(job.get({ plain: true }) as JobRow);
}

/** How many jobs wait, run and failed (done ones are not counted: they are pruned). */
export async function jobCounts(actor: Actor | null): Promise<JobCounts> {
  assertAdmin(actor);
  const rows = await selectRows<{ status: string; n: number | string }>(
    `SELECT "status", COUNT(*) AS "n" FROM "jobs" WHERE "status" IN ('pending', 'running', 'failed') GROUP BY "status"`,
  );
  const counts: JobCounts = { pending: 0, running: 0, failed: 0 };
  for (const row of rows) counts[row.status as keyof JobCounts] = Number(row.n);
  return counts;
}

/** The recurring jobs, in the registry's order: schedule in words, next slot, last run. */
export async function listRoutines(
  actor: Actor | null,
  definitions: readonly RecurringDefinition[],
  now = new Date(),
): Promise<RoutineDTO[]> {
  assertAdmin(actor);
  return Promise.all(
    definitions.map(async (definition) => {
      const last = await RecurringRun.findOne({ where: { name: definition.name }, order: [["slot", "DESC"]] });
      let result: Record<string, number> | null = null;
      if (last?.result) {
        try {
          result = JSON.parse(last.result) as Record<string, number>;
        } catch {
          result = null;
        }
      }
      const next = nextSlot(definition, now);
      return {
        name: definition.name,
        label: definition.label,
        cron: definition.cron,
        schedule: scheduleInWords(definition.cron),
        nextRunAt: next ? next.toISOString() : null,
        lastRun: last
          ? {
              slot: iso(last.slot),
              startedAt: iso(last.startedAt),
              finishedAt: last.finishedAt ? iso(last.finishedAt) : null,
              result,
              error: last.error ?? null,
            }
          : null,
      };
    }),
  );
}

/** A cron expression in Portuguese ('A cada 30 minutos', 'Às 06:30'). */
export function scheduleInWords(cron: string): string {
  try {
    return cronstrue.toString(cron, { locale: "pt_BR", use24HourTimeFormat: true });
  } catch {
    return cron;
  }
}
