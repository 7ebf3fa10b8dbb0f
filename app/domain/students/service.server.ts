import { ForeignKeyConstraintError, type Transaction } from "sequelize";
import { Student } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertAdmin, assertStaff, type Actor } from "../access/roles";
import { ConflictError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { today } from "../calendar/dates";
import { guardianExists } from "../guardians/queries.server";
import { find, studentEnrollmentCount, toDTO } from "./queries.server";
import { STUDENT_IN_USE, studentSchema, studentUpdateSchema, type StudentDTO, type StudentInput } from "./schema";
import { BIRTH_DATE_INVALID } from "../fields";
import { GUARDIAN_NOT_FOUND } from "../guardians/schema";

/** A birth date is a day that has come (not after today, in the school's time zone). */
function assertBirthDate(birthDate: string | null | undefined, field = "birthDate") {
  if (birthDate && birthDate > today()) throw new ValidationError({ [field]: [BIRTH_DATE_INVALID] });
}

/**
 * The student rules inside the caller's transaction (POST /api/students, and
 * enrolling from a trial): the guardian exists (locked until the transaction
 * ends, so it cannot be deleted meanwhile) and the birth date is not in the
 * future. The caller checks permissions.
 */
export async function insertStudent(
  data: StudentInput,
  t: Transaction,
  { fields = { guardianId: "guardianId", birthDate: "birthDate" } }: { fields?: { guardianId: string; birthDate: string } } = {},
): Promise<StudentDTO> {
  assertBirthDate(data.birthDate, fields.birthDate);
  if (!(await guardianExists(data.guardianId, t))) throw new ValidationError({ [fields.guardianId]: [GUARDIAN_NOT_FOUND] });
  const student = await Student.create(
    {
      guardianId: data.guardianId,
      fullName: data.fullName,
      birthDate: data.birthDate ?? null,
      notes: data.notes ?? null,
      active: data.active,
    },
    { transaction: t },
  );
  return toDTO(student);
}

/** Team and Administrator register students (enrolling is the sales team's work). */
export async function createStudent(actor: Actor | null, input: unknown): Promise<StudentDTO> {
  assertStaff(actor);
  const data = parseOrThrow(studentSchema, input);
  return transaction((t) => insertStudent(data, t));
}

/** Administrator: the given fields change; a new guardian must exist. */
export async function updateStudent(actor: Actor | null, id: string, input: unknown): Promise<StudentDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(studentUpdateSchema, input);
  await find(id);
  assertBirthDate(data.birthDate);
  return transaction(async (t) => {
    const student = await find(id, t);
    if (data.guardianId !== undefined && data.guardianId !== student.guardianId && !(await guardianExists(data.guardianId, t))) {
      throw new ValidationError({ guardianId: [GUARDIAN_NOT_FOUND] });
    }
    const changes: Partial<Pick<Student, "guardianId" | "fullName" | "birthDate" | "notes" | "active">> = {};
    if (data.guardianId !== undefined) changes.guardianId = data.guardianId;
    if (data.fullName !== undefined) changes.fullName = data.fullName;
    if (data.birthDate !== undefined) changes.birthDate = data.birthDate;
    if (data.notes !== undefined) changes.notes = data.notes;
    if (data.active !== undefined) changes.active = data.active;
    await student.update(changes, { transaction: t });
    return toDTO(student);
  });
}

/** Administrator; a student with enrolments (of any status) is refused (409), the foreign key being the backstop. */
export async function deleteStudent(actor: Actor | null, id: string): Promise<void> {
  assertAdmin(actor);
  await find(id);
  try {
    await transaction(async (t) => {
      const student = await find(id, t);
      if ((await studentEnrollmentCount(student.id, t)) > 0) throw new ConflictError(STUDENT_IN_USE);
      await student.destroy({ transaction: t });
    });
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(STUDENT_IN_USE);
    throw error;
  }
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction: the guardian's students keep their rows (roll calls and
 * enrolments point at them) with a neutral name, no birth date nor notes, and
 * inactive. Answers the students' ids and old names.
 */
export async function anonymizeStudentsOfGuardian(
  guardianId: string,
  values: { fullName: string },
  t: Transaction,
): Promise<{ id: string; fullName: string }[]> {
  const students = await Student.findAll({ where: { guardianId }, order: [["id", "ASC"]], transaction: t, lock: t.LOCK.UPDATE });
  const before = students.map((s) => ({ id: s.id, fullName: s.fullName }));
  for (const student of students) {
    await student.update({ fullName: values.fullName, birthDate: null, notes: null, active: false }, { transaction: t });
  }
  return before;
}
