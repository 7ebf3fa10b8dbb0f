import type { ModelStatic, Model, Sequelize } from "sequelize";
import {
  AttendanceRecord,
  BillingSettings,
  Branch,
  Charge,
  ChargeHistory,
  Classroom,
  ClassroomSchedule,
  ClassScheduleLink,
  Counter,
  Course,
  Enrollment,
  Guardian,
  GuardianPerson,
  LoginAttempt,
  Makeup,
  Offer,
  Payment,
  SchoolClass,
  Session,
  StoredObject,
  StoredObjectChunk,
  Student,
  Task,
  Trial,
  TrialStatusHistory,
  Upload,
  User,
} from "../models.ts";
import { AuditEntry } from "../audit.ts";

/**
 * Every table of the app's data, the rows that point at others first (so no
 * foreign key refuses a delete on either database). The migrations' own tables
 * (schema_migrations, table_versions, search_positions) are not data and stay.
 */
const DATA_IN_DELETE_ORDER: ReadonlyArray<ModelStatic<Model>> = [
  ChargeHistory,
  Payment,
  Charge,
  BillingSettings,
  Makeup,
  AttendanceRecord,
  Enrollment,
  Student,
  TrialStatusHistory,
  Task,
  Trial,
  GuardianPerson,
  Guardian,
  ClassScheduleLink,
  SchoolClass,
  ClassroomSchedule,
  Classroom,
  Offer,
  Course,
  Counter,
  Branch,
  Session,
  LoginAttempt,
  Upload,
  StoredObjectChunk,
  StoredObject,
  User,
  AuditEntry,
];

/**
 * Empties the database's data in one transaction (`npm run db:seed -- --reset`): rows are
 * deleted, not truncated, so the triggers that keep the search index and the table
 * versions up to date run as for any delete. The schema and its migrations stay.
 * The audit trail is emptied too, without an entry per deleted row (`hooks: false`).
 */
export async function deleteAllData(sequelize: Sequelize): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    for (const model of DATA_IN_DELETE_ORDER) await model.destroy({ where: {}, transaction, hooks: false });
  });
}
