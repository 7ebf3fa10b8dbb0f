import { reclaimErased, transaction } from "~/platform/db.server";
import { sessionsChanged } from "~/platform/session-signals.server";
import { assertAdmin, type Actor } from "../../access/roles";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { parseOrThrow } from "../../validation";
import { findGuardian } from "../../guardians/queries.server";
import { anonymizeGuardianRows } from "../../guardians/service.server";
import { anonymizeStudentsOfGuardian } from "../../students/service.server";
import { cancelEnrollmentsOfStudents } from "../../enrollments/service.server";
import { anonymizeTrials } from "../../trials/service.server";
import { clearNotesOfRecords } from "../../attendance/service.server";
import { deleteNoticesIn } from "../../attendance/notices/service.server";
import { clearTaskNotes } from "../../tasks/service.server";
import { disableClientUser } from "../../users/service.server";
import { forgetAttemptRows } from "../../auth/queries.server";
import { redactAuditEntries } from "../../audit/service.server";
import { GUARDIAN_NOT_FOUND } from "../../guardians/schema";
import { hasOpenCharges } from "../../charges/queries.server";
import { scrubFamilyCharges } from "../../charges/service.server";
import { scrubPixOfCharges } from "../../bank/received/service.server";
import { familyName, familyRowIds } from "./queries.server";
import {
  ANONYMIZED,
  anonymizeSchema,
  CONFIRM_NAME_MISMATCH,
  FAMILY_ALREADY_ANONYMIZED,
  FAMILY_HAS_OPEN_CHARGES,
  FAMILY_TABLES,
  type AnonymizedFamilyDTO,
} from "./schema";

/** The tables an anonymisation overwrites or deletes rows of: their old versions are reclaimed after the commit. */
const ERASED_TABLES = [...FAMILY_TABLES, "absence_notices", "login_attempts", "sessions"].filter(
  (table, i, all) => all.indexOf(table) === i,
);

/** The typed name matches the family's: spaces at the ends and repeated ones, and letter case, do not count. */
function sameName(typed: string, name: string): boolean {
  const fold = (value: string) => value.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("pt-BR");
  return fold(typed) === fold(name);
}

/**
 * 'Anonimizar família' (POST /api/guardians/{id}/anonymize, Administrator, with
 * a reason and the family's name typed to confirm; irreversible). In one
 * transaction, under the guardian's lock:
 *
 * - refused while the family has open charges (409 'Família com cobranças em
 *   aberto'), when it is anonymised already (409), when the typed name is not
 *   the family's (400 on `confirmName`);
 * - the enrolments not cancelled are cancelled by the enrolment rules (the
 *   waiting lists take the freed seats);
 * - names, CPFs, e-mails, phones, the address and birth dates get neutral
 *   values (persons, students, the trials linked to the family, the Client
 *   user), the free-text notes go; the Client user can no longer sign in and
 *   its sessions end;
 * - roll-call records, make-ups (and, later, charges and payments) stay, now
 *   pointing at rows without a person's identity;
 * - its charges keep amounts and dates, but their texts (descriptions,
 *   reasons, payment notes, history) lose the family's names, CPFs, phones
 *   and e-mails (`scrubFamilyCharges`);
 * - every write goes through the models (its audit entry is written), then
 *   the entries about the family's rows and those its user wrote lose the
 *   family's personal values (`redactAuditEntries`; no other entry changes);
 *   the guardian keeps when and why (`anonymizedAt`, `anonymizationReason`).
 *
 * After the commit: the user's sessions are dropped from every process's
 * cache, the sign-in counters kept under the old e-mails go, and the old
 * versions of the rows leave the database's files (`reclaimErased`).
 */
export async function anonymizeFamily(actor: Actor | null, guardianId: string, input: unknown): Promise<AnonymizedFamilyDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(anonymizeSchema, input);
  await findGuardian(guardianId);
  const outcome = await transaction(async (t) => {
    const guardian = await findGuardian(guardianId, t);
    if (guardian.anonymizedAt) throw new ConflictError(FAMILY_ALREADY_ANONYMIZED);
    const name = await familyName(guardian.id, t);
    if (name === null) throw new NotFoundError(GUARDIAN_NOT_FOUND);
    if (!sameName(data.confirmName, name)) throw new ValidationError({ confirmName: [CONFIRM_NAME_MISMATCH] });
    if (await hasOpenCharges(guardian.id, t)) throw new ConflictError(FAMILY_HAS_OPEN_CHARGES);

    const rows = await familyRowIds(guardian.id, t);
    const anonymizedAt = new Date();
    const students = await anonymizeStudentsOfGuardian(guardian.id, { fullName: ANONYMIZED.studentName }, t);
    const enrollments = await cancelEnrollmentsOfStudents(
      students.map((s) => s.id),
      ANONYMIZED.cancelReason,
      t,
    );
    const trials = await anonymizeTrials(
      [...new Set([...rows.trials, ...enrollments.trialIds])],
      { guardianName: ANONYMIZED.guardianName, studentName: ANONYMIZED.studentName, whatsappNumber: ANONYMIZED.phone },
      t,
    );
    await clearNotesOfRecords(rows.attendance_records, t);
    await deleteNoticesIn(rows.absence_notices, t);
    await clearTaskNotes(rows.tasks, t);
    const user = guardian.userId
      ? await disableClientUser(
          guardian.userId,
          { name: ANONYMIZED.userName, email: `anonimizado.${guardian.userId}@${ANONYMIZED.emailDomain}` },
          t,
        )
      : null;
    const old = await anonymizeGuardianRows(
      guardian,
      {
        fullName: ANONYMIZED.personName,
        cpf: ANONYMIZED.cpf,
        emailDomain: ANONYMIZED.emailDomain,
        address: ANONYMIZED.address,
        anonymizedAt,
        reason: data.reason,
      },
      t,
    );

    const emails = [...old.persons.map((p) => p.email), ...(user ? [user.email] : [])];
    const values = [
      old.address,
      ...old.persons.flatMap((p) => [p.fullName, p.cpf, p.email, p.phone ?? ""]),
      ...(user ? [user.name, user.email, user.cpf ?? ""] : []),
      ...students.map((s) => s.fullName),
      ...trials.flatMap((r) => [r.guardianName, r.studentName, r.whatsappNumber]),
    ];
    const userIds = guardian.userId && user ? [guardian.userId] : [];
    await scrubFamilyCharges(rows.charges, { values, replacement: ANONYMIZED.text, userIds, userName: ANONYMIZED.userName }, t);
    await scrubPixOfCharges(rows.charges, t);
    await redactAuditEntries({ rows, userIds, values, userName: ANONYMIZED.userName }, t);
    return {
      dto: {
        guardianId: guardian.id,
        anonymizedAt: anonymizedAt.toISOString(),
        persons: old.persons.length,
        students: students.length,
        cancelledEnrollments: enrollments.cancelled,
        trials: trials.length,
        userDisabled: user !== null,
      },
      userId: user ? guardian.userId : null,
      emails,
    };
  });
  if (outcome.userId) sessionsChanged({ userId: outcome.userId });
  for (const email of new Set(outcome.emails)) await forgetAttemptRows(email);
  await reclaimErased(ERASED_TABLES);
  return outcome.dto;
}
