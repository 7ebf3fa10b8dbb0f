import { writeAuditEntries } from "#db/audit.ts";
import { Job } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { wakeJobRunner } from "~/platform/jobs.server";
import { assertAdmin, type Actor } from "../access/roles";
import { ConflictError, NotFoundError } from "../errors";
import { isUuid } from "../validation";
import { toJobDTO } from "./queries.server";
import { JOB_NOT_FAILED, JOB_NOT_FOUND, type JobDTO } from "./schema";

/**
 * 'Tentar de novo' (POST /api/jobs/{id}/retry, Administrator): a failed job
 * goes back to the queue with ten new tries, now; its last error stays until
 * it runs. Its key, if no other job took it meanwhile, is its own again. The
 * audit trail says who did it (the queue's own moves are not audited).
 */
export async function retryJob(actor: Actor | null, id: string): Promise<JobDTO> {
  assertAdmin(actor);
  const dto = await transaction(async (t) => {
    const job = isUuid(id) ? await Job.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE }) : null;
    if (!job) throw new NotFoundError(JOB_NOT_FOUND);
    if (job.status !== "failed") throw new ConflictError(JOB_NOT_FAILED);
    const keyTaken = job.key ? (await Job.count({ where: { activeKey: job.key }, transaction: t })) > 0 : false;
    await job.update(
      {
        status: "pending",
        attempts: 0,
        runAt: new Date(),
        finishedAt: null,
        lockedAt: null,
        lockedBy: null,
        activeKey: job.key && !keyTaken ? job.key : null,
      },
      { transaction: t },
    );
    await writeAuditEntries(
      [
        {
          action: "update",
          entity: "jobs",
          entityId: job.id,
          changes: { status: { before: "failed", after: "pending" }, kind: { before: job.kind, after: job.kind } },
        },
      ],
      t,
    );
    t.afterCommit(() => wakeJobRunner());
    return toJobDTO(job.get({ plain: true }) as Parameters<typeof toJobDTO>[0]);
  });
  return dto;
}
