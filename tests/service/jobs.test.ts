import { beforeEach, describe, expect, it } from "vitest";
import { AuditEntry, Job, RecurringRun, runAudited } from "#db/index.ts";
import { sqlTimestamp, transaction, writeRows } from "~/platform/db.server";
import { jobCounts, jobList, listRoutines } from "~/domain/jobs/queries.server";
import { retryJob } from "~/domain/jobs/service.server";
import { makeFailedJob } from "../support/factories";
import { actorOfType, refusal } from "../support/service";
import {
  JobRunner,
  MAX_ATTEMPTS,
  defineJob,
  defineRecurring,
  enqueue,
  enqueueMany,
  pruneDoneJobs,
  type JobDefinition,
  type JobRegistry,
  type RecurringDefinition,
} from "~/platform/jobs.server";

/**
 * The job queue on a real database (both dialects): the outbox, key dedupe,
 * claims by two runners at once, the back-off and the 10 tries, a dead
 * process's job taken back, recurring slots run once. Runners are driven by
 * hand (`tick` / `runDue` with a chosen clock), so no test waits for a timer.
 */

const SETTINGS = { pollMs: 60_000, retryBaseMs: 60_000, lockTimeoutMs: 300_000, timeZone: "America/Sao_Paulo", concurrency: 4 };
const HOUR = 3_600_000;

const runs: { jobId: string; attempt: number; tag: string }[] = [];
const recordJob = defineJob<{ tag: string }>(
  "service-test.record",
  async (payload, ctx) => {
    // A pause, so two runners' rounds overlap.
    await new Promise((resolve) => setTimeout(resolve, 2));
    runs.push({ jobId: ctx.jobId, attempt: ctx.attempt, tag: payload.tag });
  },
  { label: "Registrar (teste)" },
);
const failingJob = defineJob<{ message: string }>("service-test.fail", async (payload) => {
  throw new Error(payload.message);
});

function runner(extra: Partial<JobRegistry> = {}, settings: Partial<typeof SETTINGS> = {}) {
  const registry: JobRegistry = {
    jobs: [recordJob, failingJob] as JobDefinition<never>[],
    recurring: [],
    ...extra,
  };
  return new JobRunner(registry, { ...SETTINGS, ...settings });
}

async function jobs() {
  return Job.findAll({ order: [["createdAt", "ASC"]] });
}

beforeEach(async () => {
  runs.length = 0;
  await writeRows(`DELETE FROM "jobs"`);
  await writeRows(`DELETE FROM "recurring_runs"`);
});

describe("enqueue: the outbox", () => {
  it("writes the job in the caller's transaction: rolled back, there is no job; committed, it runs once", async () => {
    await transaction(async (t) => {
      await enqueue(t, recordJob, { tag: "kept" });
    });
    await transaction(async (t) => {
      await enqueue(t, recordJob, { tag: "rolled back" });
      throw new Error("rollback");
    }).catch(() => undefined);
    expect((await jobs()).map((j) => JSON.parse(j.payload).tag)).toEqual(["kept"]);

    await runner().runDue();
    expect(runs.map((r) => [r.tag, r.attempt])).toEqual([["kept", 1]]);
    const [job] = await jobs();
    expect(job.status).toBe("done");
    expect(job.attempts).toBe(1);
    expect(job.finishedAt).not.toBeNull();
    expect(job.lockedBy).toBeNull();
  });

  it("a job for later waits for its time", async () => {
    const at = new Date(Date.now() + HOUR);
    await transaction((t) => enqueue(t, recordJob, { tag: "later" }, { runAt: at }));
    const r = runner();
    await r.runDue();
    expect(runs).toEqual([]);
    await r.runDue(new Date(at.getTime() + 1000));
    expect(runs.map((x) => x.tag)).toEqual(["later"]);
  });

  it("a key is enqueued once while its job is pending or running, and again once it is done", async () => {
    await transaction(async (t) => {
      await enqueue(t, recordJob, { tag: "first" }, { key: "charge:1" });
      await enqueue(t, recordJob, { tag: "second" }, { key: "charge:1" });
    });
    await transaction((t) => enqueue(t, recordJob, { tag: "third" }, { key: "charge:1" }));
    await transaction((t) => enqueue(t, recordJob, { tag: "other key" }, { key: "charge:2" }));
    await transaction((t) => enqueue(t, recordJob, { tag: "no key" }));
    await transaction((t) => enqueue(t, recordJob, { tag: "no key either" }));
    expect((await jobs()).map((j) => JSON.parse(j.payload).tag)).toEqual(["first", "other key", "no key", "no key either"]);

    await runner().runDue();
    await transaction((t) => enqueue(t, recordJob, { tag: "after done" }, { key: "charge:1" }));
    const again = (await jobs()).filter((j) => j.key === "charge:1");
    expect(again.map((j) => [JSON.parse(j.payload).tag, j.status, j.activeKey])).toEqual([
      ["first", "done", null],
      ["after done", "pending", "charge:1"],
    ]);
  });
  it("a batch in one statement: every item a job, a key already taken or repeated in the batch written once, rolled back with its transaction", async () => {
    await transaction((t) => enqueue(t, recordJob, { tag: "taken" }, { key: "pix:1" }));
    await transaction((t) =>
      enqueueMany(t, recordJob, [
        { payload: { tag: "a" }, key: "pix:1" },
        { payload: { tag: "b" }, key: "pix:2" },
        { payload: { tag: "b again" }, key: "pix:2" },
        { payload: { tag: "c" } },
      ]),
    );
    await transaction(async (t) => {
      await enqueueMany(t, recordJob, [{ payload: { tag: "rolled back" } }]);
      throw new Error("rollback");
    }).catch(() => undefined);
    expect((await jobs()).map((j) => JSON.parse(j.payload).tag).sort()).toEqual(["b", "c", "taken"]);
    await runner().runDue();
    expect(runs.map((r) => r.tag).sort()).toEqual(["b", "c", "taken"]);
  });
});

describe("claims", () => {
  it("two runners polling the same queue at once run each job exactly once", async () => {
    await transaction(async (t) => {
      for (let i = 0; i < 40; i++) await enqueue(t, recordJob, { tag: `job ${i}` });
    });
    const a = runner();
    const b = runner();
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(runs).toHaveLength(40);
    expect(new Set(runs.map((r) => r.jobId)).size).toBe(40);
    expect((await jobs()).every((j) => j.status === "done" && j.attempts === 1)).toBe(true);
  });
});

describe("failures", () => {
  it("a failed try waits 1, 2, 4, 8, 16, 32 min, then 1 h, and the 10th failure leaves it 'failed' with its last error", async () => {
    await transaction((t) => enqueue(t, failingJob, { message: "banco fora do ar" }));
    const r = runner();
    let now = Date.now();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await r.runDue(new Date(now));
      const [job] = await jobs();
      expect(job.attempts).toBe(attempt);
      expect(job.lastError).toBe("banco fora do ar");
      if (attempt < MAX_ATTEMPTS) {
        expect(job.status).toBe("pending");
        expect(job.activeKey).toBeNull();
        const wait = job.runAt.getTime() - job.updatedAt.getTime();
        waits.push(Math.round(wait / 60_000));
        // Not due a moment before its time.
        await r.runDue(new Date(job.runAt.getTime() - 1000));
        expect((await jobs())[0].attempts).toBe(attempt);
        now = job.runAt.getTime() + 1;
      } else {
        expect(job.status).toBe("failed");
        expect(job.finishedAt).not.toBeNull();
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // Failed stays failed.
    await r.runDue(new Date(now + 10 * HOUR));
    expect((await jobs())[0].attempts).toBe(MAX_ATTEMPTS);
  });

  it("a kind no definition names fails with a clear error", async () => {
    const stranger = defineJob<{ x: number }>("service-test.unknown", async () => {});
    await transaction((t) => enqueue(t, stranger, { x: 1 }));
    await runner().runDue();
    const [job] = await jobs();
    expect(job.status).toBe("pending");
    expect(job.lastError).toBe("Tipo de trabalho desconhecido: service-test.unknown");
  });

  it("a key stays taken while its job waits for a retry, and is free once it failed for good", async () => {
    await transaction((t) => enqueue(t, failingJob, { message: "x" }, { key: "k" }));
    const r = runner();
    await r.runDue();
    expect((await jobs())[0].activeKey).toBe("k");
    await transaction((t) => enqueue(t, failingJob, { message: "y" }, { key: "k" }));
    expect(await jobs()).toHaveLength(1);
    for (let i = 0; i < MAX_ATTEMPTS; i++) await r.runDue(new Date(Date.now() + 2 * (i + 1) * HOUR));
    expect((await jobs())[0].status).toBe("failed");
    expect((await jobs())[0].activeKey).toBeNull();
    await transaction((t) => enqueue(t, failingJob, { message: "z" }, { key: "k" }));
    expect(await jobs()).toHaveLength(2);
  });
});

describe("restarts", () => {
  it("a job left running by a dead process goes back to pending after the lock timeout and runs", async () => {
    await transaction((t) => enqueue(t, recordJob, { tag: "orphan" }));
    const dead = await Job.findOne();
    const lockedAt = new Date(Date.now() - 10 * 60_000);
    await dead!.update({ status: "running", attempts: 1, lockedAt, lockedBy: "dead-host:1" });

    // Within the timeout, it is left alone.
    await runner({}, { lockTimeoutMs: 20 * 60_000 }).runDue();
    expect((await jobs())[0].status).toBe("running");

    await runner({}, { lockTimeoutMs: 5 * 60_000 }).runDue();
    const [job] = await jobs();
    expect(job.status).toBe("done");
    expect(job.attempts).toBe(2);
    expect(runs.map((r) => [r.tag, r.attempt])).toEqual([["orphan", 2]]);
  });

  it("a dead process's job whose tries are spent fails", async () => {
    await transaction((t) => enqueue(t, recordJob, { tag: "spent" }));
    await (await Job.findOne())!.update({
      status: "running",
      attempts: MAX_ATTEMPTS,
      lockedAt: new Date(Date.now() - HOUR),
      lockedBy: "dead-host:1",
    });
    await runner().runDue();
    const [job] = await jobs();
    expect(job.status).toBe("failed");
    expect(job.lastError).toBe("Interrompido: o servidor que o executava parou");
    expect(runs).toEqual([]);
  });

  it("a live runner keeps the locks of its long jobs fresh", async () => {
    let release!: () => void;
    const slow = defineJob<object>("service-test.slow", () => new Promise<void>((resolve) => (release = resolve)));
    await transaction((t) => enqueue(t, slow, {}));
    const r = runner({ jobs: [slow] as JobDefinition<never>[] }, { lockTimeoutMs: 1000 });
    await r.tick();
    const before = (await jobs())[0].lockedAt!.getTime();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await r.tick();
    expect((await jobs())[0].lockedAt!.getTime()).toBeGreaterThan(before);
    release();
    await r.stop();
    expect((await jobs())[0].status).toBe("done");
  });
});

describe("recurring jobs", () => {
  it("each slot runs once across runners, in the school's time zone, with its counts recorded", async () => {
    let calls = 0;
    const daily: RecurringDefinition = defineRecurring("service-test.daily", "Rotina de teste", "30 6 * * *", async () => {
      calls++;
      return { conferidos: 3, registrados: 1 };
    });
    const a = runner({ recurring: [daily] });
    const b = runner({ recurring: [daily] });
    // 05:00 in São Paulo (UTC−3): the next slot is 06:30 there, 09:30 UTC.
    const start = new Date("2026-11-20T08:00:00Z");
    a.scheduleFrom(start);
    b.scheduleFrom(start);
    await Promise.all([a.runDue(new Date("2026-11-20T09:29:00Z")), b.runDue(new Date("2026-11-20T09:29:00Z"))]);
    expect(calls).toBe(0);
    await Promise.all([a.runDue(new Date("2026-11-20T09:31:00Z")), b.runDue(new Date("2026-11-20T09:31:00Z"))]);
    await a.runDue(new Date("2026-11-20T09:32:00Z"));
    expect(calls).toBe(1);
    const recorded = await RecurringRun.findAll();
    expect(recorded.map((r) => [r.name, r.slot.toISOString(), JSON.parse(r.result!), r.error])).toEqual([
      ["service-test.daily", "2026-11-20T09:30:00.000Z", { conferidos: 3, registrados: 1 }, null],
    ]);
    expect(recorded[0].finishedAt).not.toBeNull();
  });

  it("a run that throws records its error and waits for the next slot", async () => {
    const broken = defineRecurring("service-test.broken", "Rotina quebrada", "0 * * * *", async () => {
      throw new Error("sem conexão");
    });
    const r = runner({ recurring: [broken] });
    r.scheduleFrom(new Date("2026-11-20T10:10:00Z"));
    await r.runDue(new Date("2026-11-20T11:00:01Z"));
    const [run] = await RecurringRun.findAll();
    expect(run.error).toBe("sem conexão");
    expect(run.result).toBeNull();
    expect((await jobs()).map((j) => j.status)).toEqual(["done"]);
  });
});

describe("the Administrator's queue", () => {
  it("'Tentar de novo' puts a failed job back with ten new tries, its key again, and an audit entry; only a failed one, only an Administrator", async () => {
    const admin = await actorOfType("Administrator");
    const team = await actorOfType("Team");
    const job = await makeFailedJob({ kind: "service-test.record", key: "k-1", lastError: "Banco fora do ar" });

    expect((await refusal(retryJob(team, job.id))).status).toBe(403);
    expect((await refusal(retryJob(admin, "00000000-0000-4000-8000-000000000000"))).status).toBe(404);
    expect((await refusal(retryJob(admin, "not-an-id"))).status).toBe(404);

    const retried = await runAudited({ userId: admin.id, userName: "Admin", ip: "10.0.0.1" }, () => retryJob(admin, job.id));
    expect(retried).toMatchObject({
      id: job.id,
      status: "pending",
      attempts: 0,
      lastError: "Banco fora do ar",
      label: "Registrar (teste)",
    });
    expect((await Job.findByPk(job.id))!.activeKey).toBe("k-1");
    const entries = await AuditEntry.findAll({ where: { entity: "jobs", entityId: job.id } });
    expect(entries.map((e) => [e.action, e.userId, JSON.parse(e.changes!).status])).toEqual([
      ["update", admin.id, { before: "failed", after: "pending" }],
    ]);

    const conflict = await refusal(retryJob(admin, job.id));
    expect([conflict.status, conflict.message]).toEqual([409, "Trabalho não está com falha"]);

    // Ran again: the runner runs it, done.
    await runner().runDue();
    expect((await Job.findByPk(job.id))!.status).toBe("done");
  });

  it("a retried job whose key another job holds now goes back without it", async () => {
    const admin = await actorOfType("Administrator");
    const job = await makeFailedJob({ key: "k-2" });
    await transaction((t) => enqueue(t, recordJob, { tag: "newer" }, { key: "k-2", runAt: new Date(Date.now() + HOUR) }));
    await retryJob(admin, job.id);
    expect((await Job.findByPk(job.id))!.activeKey).toBeNull();
  });

  it("lists by status, newest first, with Portuguese labels; counts the waiting, running and failed; a wrong status is a 400", async () => {
    const admin = await actorOfType("Administrator");
    await transaction(async (t) => {
      await enqueue(t, recordJob, { tag: "a" });
      await enqueue(t, failingJob, { message: "x" });
    });
    await makeFailedJob({ lastError: "Certificado recusado pelo banco" });
    const failed = (await jobList(admin, { status: "failed" }).read(null, 10)).items;
    expect(failed.map((j) => [j.status, j.lastError, j.attempts])).toEqual([["failed", "Certificado recusado pelo banco", 10]]);
    const all = (await jobList(admin, {}).read(null, 10)).items;
    expect(all.map((j) => j.label).sort()).toEqual(["Registrar (teste)", "service-test.fail", "test.unknown"].sort());
    expect(await jobCounts(admin)).toEqual({ pending: 2, running: 0, failed: 1 });

    const bad = await refusal(Promise.resolve().then(() => jobList(admin, { status: "stuck" })));
    expect(bad.status).toBe(400);
    expect(bad.errors?.status).toEqual(["Situação inválida: use pending, running, done ou failed"]);
    const team = await actorOfType("Team");
    expect((await refusal(Promise.resolve().then(() => jobList(team, {})))).status).toBe(403);
  });

  it("the cleanup deletes done jobs and recurring runs older than a week, and keeps the rest", async () => {
    await transaction(async (t) => {
      await enqueue(t, recordJob, { tag: "old" });
      await enqueue(t, recordJob, { tag: "recent" });
    });
    await runner().runDue();
    await makeFailedJob();
    const old = (await jobs()).find((j) => JSON.parse(j.payload).tag === "old")!;
    await writeRows(`UPDATE "jobs" SET "finishedAt" = :at WHERE "id" = :id`, {
      at: sqlTimestamp(new Date(Date.now() - 8 * 24 * HOUR)),
      id: old.id,
    });
    await pruneDoneJobs();
    expect((await jobs()).map((j) => [j.status, JSON.parse(j.payload).tag]).sort()).toEqual([
      ["done", "recent"],
      ["failed", undefined],
    ]);
  });

  it("the routines show their schedule in words, the next run and the last run's counts", async () => {
    const admin = await actorOfType("Administrator");
    const every30 = defineRecurring("service-test.every30", "Conciliação de teste", "*/30 * * * *", async () => ({ recebidos: 2 }));
    const r = runner({ recurring: [every30] });
    r.scheduleFrom(new Date("2026-11-20T10:10:00Z"));
    await r.runDue(new Date("2026-11-20T10:31:00Z"));
    const [routine] = await listRoutines(admin, [every30], new Date("2026-11-20T10:40:00Z"));
    expect(routine).toMatchObject({
      label: "Conciliação de teste",
      schedule: "A cada 30 minutos",
      nextRunAt: "2026-11-20T11:00:00.000Z",
      lastRun: { slot: "2026-11-20T10:30:00.000Z", result: { recebidos: 2 }, error: null },
    });
  });
});
