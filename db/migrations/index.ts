import { initial } from "./0001-initial.ts";
import { uploads } from "./0002-uploads.ts";
import { calendarIndexes } from "./0003-calendar-indexes.ts";
import { guardianOrderIndex } from "./0004-guardian-order-index.ts";
import { storedObjects } from "./0006-stored-objects.ts";
import { guardianSearch } from "./0007-guardian-search.ts";
import { tableVersions } from "./0008-table-versions.ts";
import { studentsEnrollments } from "./0009-students-enrollments.ts";
import { attendanceMakeups } from "./0010-attendance-makeups.ts";
import { attendanceVersions } from "./0011-attendance-versions.ts";
import { guardianSearchIndexes } from "./0012-guardian-search-indexes.ts";
import { sessionSignals } from "./0013-session-signals.ts";
import { enrollmentPromotions } from "./0014-enrollment-promotions.ts";
import { auditEntries } from "./0015-audit-entries.ts";
import { absenceNotices } from "./0016-absence-notices.ts";
import { guardianAnonymization } from "./0017-guardian-anonymization.ts";
import { billing } from "./0018-billing.ts";
import { trialOutcomesTasks } from "./0019-trial-outcomes-tasks.ts";
import { moneyVersions } from "./0020-money-versions.ts";
import { chargesBranchDue } from "./0021-charges-branch-due.ts";
import { listVersions } from "./0022-list-versions.ts";
import { chargeFeeTerms } from "./0023-charge-fee-terms.ts";
import { jobs } from "./0024-jobs.ts";
import { bankConnections } from "./0025-bank-connections.ts";
import { bankMoney } from "./0026-bank-money.ts";
import type { Migration } from "../migration.ts";

/** The migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: Migration[] = [
  initial,
  uploads,
  calendarIndexes,
  guardianOrderIndex,
  storedObjects,
  guardianSearch,
  tableVersions,
  studentsEnrollments,
  attendanceMakeups,
  attendanceVersions,
  guardianSearchIndexes,
  sessionSignals,
  enrollmentPromotions,
  auditEntries,
  absenceNotices,
  guardianAnonymization,
  billing,
  trialOutcomesTasks,
  moneyVersions,
  chargesBranchDue,
  listVersions,
  chargeFeeTerms,
  jobs,
  bankConnections,
  bankMoney,
];
