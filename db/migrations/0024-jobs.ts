import { DataTypes, type QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * The job queue (issue 42, ADR 023): background work written in the same
 * transaction as the change that needs it, run after commit by every app
 * server's runner (app/platform/jobs.server.ts, its SQL in db/jobs.ts).
 *
 * - `jobs`: one row per job. `status` pending | running | done | failed;
 *   `attempts` counts the tries begun; `runAt` is when it may run next (a retry
 *   waits its back-off there); `lockedAt` / `lockedBy` name the process running
 *   it (a lock older than JOBS_LOCK_TIMEOUT_MS is a dead process's, and the job
 *   goes back to pending). `key` deduplicates: `activeKey` holds it while the
 *   job is pending or running and is cleared when it finishes, so its unique
 *   index (NULLs never collide, on both databases) lets one job per key wait.
 * - `recurring_runs`: one row per slot of a recurring job that ran (unique
 *   name and slot: a slot runs once across servers), with its result counts or
 *   its error.
 */
export const jobs: Migration = {
  name: "0024-jobs",
  async up(qi: QueryInterface) {
    await qi.createTable("jobs", {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      kind: { type: DataTypes.STRING(100), allowNull: false },
      payload: { type: DataTypes.TEXT, allowNull: false },
      key: { type: DataTypes.STRING(200), allowNull: true },
      activeKey: { type: DataTypes.STRING(200), allowNull: true },
      status: { type: DataTypes.STRING(10), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      runAt: { type: DataTypes.DATE, allowNull: false },
      lockedAt: { type: DataTypes.DATE, allowNull: true },
      lockedBy: { type: DataTypes.STRING(100), allowNull: true },
      lastError: { type: DataTypes.TEXT, allowNull: true },
      finishedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex("jobs", ["status", "runAt"], { name: "jobs_status_run_at" });
    await qi.addIndex("jobs", ["activeKey"], { name: "jobs_active_key", unique: true });
    await qi.addIndex("jobs", ["status", "finishedAt"], { name: "jobs_status_finished_at" });

    await qi.createTable("recurring_runs", {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: false },
      slot: { type: DataTypes.DATE, allowNull: false },
      startedAt: { type: DataTypes.DATE, allowNull: false },
      finishedAt: { type: DataTypes.DATE, allowNull: true },
      result: { type: DataTypes.TEXT, allowNull: true },
      error: { type: DataTypes.TEXT, allowNull: true },
    });
    await qi.addIndex("recurring_runs", ["name", "slot"], { name: "recurring_runs_name_slot", unique: true });
  },
  async down(qi: QueryInterface) {
    await qi.dropTable("recurring_runs");
    await qi.dropTable("jobs");
  },
};
