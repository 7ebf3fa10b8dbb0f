import { DataTypes, type QueryInterface, type Sequelize } from "sequelize";
import type { Migration } from "../migration.ts";

const fk = (table: string, onDelete: "CASCADE" | "SET NULL", allowNull: boolean) => ({
  type: DataTypes.UUID,
  allowNull,
  references: { model: table, key: "id" },
  onDelete,
  onUpdate: "CASCADE",
});

/**
 * The funnel's end. A trial gains its owner (`ownerId`, a Team or
 * Administrator user; SET NULL when the user goes) and its outcome beside the
 * five statuses: null (open), 'Matriculado' or 'Perdido' with `lostReason`,
 * `lostNote` and `closedAt`. A history entry may record an outcome change
 * (`outcome`: 'Matriculado' | 'Perdido' | 'Reaberto', `lostReason`), its
 * `status` then being the trial's status at that moment.
 *
 * Existing trials: the owner is who created it (the audit trail's create
 * entry, when that user is Team or Administrator), else the oldest
 * Administrator; a trial linked to an enrolment is 'Matriculado' since that
 * enrolment's creation.
 *
 * Follow-up tasks (`tasks`): of a trial (CASCADE), owned by a user (SET NULL),
 * due on a day, done or not. 'Minhas tarefas' reads (ownerId, doneAt, dueAt).
 */
export const trialOutcomesTasks: Migration = {
  name: "0019-trial-outcomes-tasks",
  async up(qi: QueryInterface, sequelize: Sequelize) {
    await qi.addColumn("trials", "ownerId", fk("users", "SET NULL", true));
    await qi.addColumn("trials", "outcome", { type: DataTypes.STRING(20), allowNull: true });
    await qi.addColumn("trials", "lostReason", { type: DataTypes.STRING(40), allowNull: true });
    await qi.addColumn("trials", "lostNote", { type: DataTypes.STRING(500), allowNull: true });
    await qi.addColumn("trials", "closedAt", { type: DataTypes.DATE, allowNull: true });
    await qi.addIndex("trials", ["ownerId"], { name: "trials_owner" });
    await qi.addIndex("trials", ["outcome", "scheduledDate"], { name: "trials_outcome_date" });

    await qi.addColumn("trial_status_history", "outcome", { type: DataTypes.STRING(20), allowNull: true });
    await qi.addColumn("trial_status_history", "lostReason", { type: DataTypes.STRING(40), allowNull: true });

    await sequelize.query(
      `UPDATE "trials" SET "ownerId" = COALESCE(
         (SELECT "a"."userId" FROM "audit_entries" AS "a" JOIN "users" AS "u" ON "u"."id" = "a"."userId"
          WHERE "a"."entity" = 'trials' AND "a"."entityId" = CAST("trials"."id" AS TEXT) AND "a"."action" = 'create'
            AND "u"."userType" IN ('Team', 'Administrator')
          ORDER BY "a"."createdAt" LIMIT 1),
         (SELECT "u"."id" FROM "users" AS "u" WHERE "u"."userType" = 'Administrator' ORDER BY "u"."createdAt", "u"."id" LIMIT 1))`,
    );
    await sequelize.query(
      `UPDATE "trials" SET "outcome" = 'Matriculado',
         "closedAt" = (SELECT "e"."createdAt" FROM "enrollments" AS "e" WHERE "e"."id" = "trials"."enrollmentId")
       WHERE "enrollmentId" IS NOT NULL`,
    );

    await qi.createTable("tasks", {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      trialId: fk("trials", "CASCADE", false),
      ownerId: fk("users", "SET NULL", true),
      dueAt: { type: DataTypes.DATEONLY, allowNull: false },
      note: { type: DataTypes.STRING(500), allowNull: true },
      doneAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex("tasks", ["ownerId", "doneAt", "dueAt"], { name: "tasks_owner_done_due" });
    await qi.addIndex("tasks", ["doneAt", "dueAt"], { name: "tasks_done_due" });
    await qi.addIndex("tasks", ["trialId"], { name: "tasks_trial" });
  },
  async down(qi: QueryInterface, sequelize: Sequelize) {
    await qi.dropTable("tasks");
    // In place on both databases (see 0009: SQLite's removeColumn rebuilds the table).
    await qi.removeIndex("trials", "trials_outcome_date");
    await qi.removeIndex("trials", "trials_owner");
    for (const column of ["ownerId", "outcome", "lostReason", "lostNote", "closedAt"]) {
      await sequelize.query(`ALTER TABLE "trials" DROP COLUMN "${column}"`);
    }
    for (const column of ["outcome", "lostReason"]) {
      await sequelize.query(`ALTER TABLE "trial_status_history" DROP COLUMN "${column}"`);
    }
  },
};
