import { describe, expect, inject, it } from "vitest";
import { selectRows, transaction } from "~/platform/db.server";
import { lockClassSeats } from "~/domain/classes/queries.server";
import {
  classOccupancy,
  enrollOptions,
  getClassEnrollments,
  getStudentOverview,
  listStudentsPage,
  nextSessionOn,
} from "~/domain/enrollments/queries.server";
import {
  cancelEnrollment,
  createEnrollment,
  enrollFromTrial,
  promotionsIfCancelled,
  updateEnrollment,
} from "~/domain/enrollments/service.server";
import { countStudentsByGuardian, searchStudentOptions } from "~/domain/students/queries.server";
import { createStudent, deleteStudent } from "~/domain/students/service.server";
import { deleteGuardian } from "~/domain/guardians/service.server";
import { findGuardianMatchesByPhone } from "~/domain/guardians/queries.server";
import { deleteClass } from "~/domain/classes/service.server";
import { deleteOffer } from "~/domain/offers/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import {
  makeBranch,
  makeClass,
  makeClassroom,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStudent,
  makeTrial,
} from "../support/factories";
import { actorOfType, refusal } from "../support/service";

/** A class of the given capacity with an offer of its branch. */
async function classOf(capacity: number) {
  const branch = await makeBranch();
  const classroom = await makeClassroom(branch.id, { capacity });
  const { cls } = await makeClass({ branchId: branch.id, classroomId: classroom.id });
  const offer = await makeOffer(branch.id);
  return { cls, offer, branchId: branch.id };
}

async function studentsOf(count: number) {
  const { guardian } = await makeGuardian(1);
  const students = [];
  for (let i = 0; i < count; i++) students.push(await makeStudent(guardian.id, { fullName: `Aluno ${String(i).padStart(2, "0")}` }));
  return { guardian, students };
}

describe("enrolment rules called directly", () => {
  it("fills the seats, then the waiting list; cancelling promotes the first and positions close up", async () => {
    const team = await actorOfType("Team");
    const admin = await actorOfType("Administrator");
    const { cls, offer } = await classOf(2);
    const { students } = await studentsOf(5);
    const made = [];
    for (const s of students.slice(0, 2)) {
      made.push(await createEnrollment(team, { studentId: s.id, classId: cls.id, offerId: offer.id, startDate: "2026-12-01" }));
    }
    expect(made.map((e) => e.status)).toEqual(["Ativa", "Ativa"]);
    const full = await refusal(
      createEnrollment(team, { studentId: students[2].id, classId: cls.id, offerId: offer.id, startDate: "2026-12-01" }),
    );
    expect([full.status, full.message]).toEqual([409, "Turma lotada"]);
    for (const s of students.slice(2)) {
      made.push(
        await createEnrollment(team, { studentId: s.id, classId: cls.id, offerId: offer.id, startDate: "2026-12-01", waitlist: true }),
      );
    }
    expect(made.slice(2).map((e) => [e.status, e.waitlistPosition])).toEqual([
      ["Em espera", 1],
      ["Em espera", 2],
      ["Em espera", 3],
    ]);

    // Cancelling the middle of the waiting list closes up the positions.
    await cancelEnrollment(admin, made[3].id, "Desistiu");
    let roster = await getClassEnrollments(admin, cls.id);
    expect(roster.waitlist.map((e) => [e.id, e.waitlistPosition])).toEqual([
      [made[2].id, 1],
      [made[4].id, 2],
    ]);

    // Cancelling an active one promotes the first of the list.
    const cancelled = await updateEnrollment(admin, made[0].id, { status: "Cancelada", cancelReason: "Mudou de cidade" });
    expect(cancelled).toMatchObject({ status: "Cancelada", cancelReason: "Mudou de cidade", waitlistPosition: null });
    expect(cancelled.cancelledAt).not.toBeNull();
    roster = await getClassEnrollments(admin, cls.id);
    expect(roster.active).toBe(2);
    expect(roster.enrollments.map((e) => e.id).sort()).toEqual([made[1].id, made[2].id].sort());
    expect(roster.waitlist.map((e) => [e.id, e.waitlistPosition])).toEqual([[made[4].id, 1]]);
    expect((await classOccupancy([cls.id])).get(cls.id)).toEqual({ active: 2, capacity: 2, waiting: 1 });

    const again = await refusal(cancelEnrollment(admin, made[0].id, "De novo"));
    expect([again.status, again.message]).toEqual([409, "Matrícula já cancelada"]);
    const byTeam = await refusal(cancelEnrollment(team, made[1].id, "Equipe"));
    expect(byTeam.status).toBe(403);
  });

  it("names, before cancelling, who leaves the waiting list and takes the seat: the one the cancellation then promotes", async () => {
    const team = await actorOfType("Team");
    const admin = await actorOfType("Administrator");
    const { cls, offer } = await classOf(1);
    const { students } = await studentsOf(3);
    const made = [];
    for (const [i, s] of students.entries()) {
      made.push(
        await createEnrollment(team, { studentId: s.id, classId: cls.id, offerId: offer.id, startDate: "2020-01-06", waitlist: i > 0 }),
      );
    }
    expect(made.map((e) => e.status)).toEqual(["Ativa", "Em espera", "Em espera"]);
    // The first of the list only (one seat), and nobody for a waiting one.
    expect(await promotionsIfCancelled(admin, made[0].id)).toEqual([{ studentName: "Aluno 01" }]);
    expect(await promotionsIfCancelled(admin, made[2].id)).toEqual([]);
    expect((await refusal(promotionsIfCancelled(team, made[0].id))).status).toBe(403);
    const cancelled = await cancelEnrollment(admin, made[0].id, "Mudou de cidade");
    expect(cancelled.promoted.map((p) => p.studentName)).toEqual(["Aluno 01"]);
    // Cancelled: it holds no seat any more.
    expect(await promotionsIfCancelled(admin, made[0].id)).toEqual([]);
  });

  it("refuses inactive classes, offers and students, another branch's offer and a second open enrolment", async () => {
    const team = await actorOfType("Team");
    const { cls, offer } = await classOf(5);
    const other = await classOf(5);
    const inactiveOffer = await makeOffer(cls.branchId, { active: false });
    const { cls: inactiveClass } = await makeClass({ branchId: cls.branchId, active: false });
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    const inactiveStudent = await makeStudent(guardian.id, { active: false });
    const base = { studentId: student.id, classId: cls.id, offerId: offer.id, startDate: "2026-12-01" };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, classId: inactiveClass.id }, "classId", "Turma inativa"],
      [{ ...base, offerId: inactiveOffer.id }, "offerId", "Oferta inativa"],
      [{ ...base, offerId: other.offer.id }, "offerId", "A oferta não pertence à unidade da turma"],
      [{ ...base, studentId: inactiveStudent.id }, "studentId", "Aluno inativo"],
    ];
    for (const [input, field, message] of cases) {
      const error = await refusal(createEnrollment(team, input));
      expect([error.status, error.errors?.[field]]).toEqual([400, [message]]);
    }
    await createEnrollment(team, base);
    const twice = await refusal(createEnrollment(team, base));
    expect([twice.status, twice.message]).toEqual([409, "Aluno já matriculado nesta turma"]);
  });

  it("enrols from a trial with a new family in one transaction, and rolls all of it back on a refusal", async () => {
    const team = await actorOfType("Team");
    const { cls, offer } = await classOf(3);
    const trial = await makeTrial(cls.id, { studentName: "Clara Trial", guardianName: "Marta Trial", whatsappNumber: "11955554444" });
    const countAll = async () =>
      Object.fromEntries(
        await Promise.all(
          ["guardians", "guardian_persons", "users", "students", "enrollments"].map(async (table) => {
            const [row] = await selectRows<{ n: number | string }>(`SELECT COUNT(*) AS "n" FROM "${table}"`);
            return [table, Number(row.n)];
          }),
        ),
      );
    const { user } = await makeGuardian(1);
    const guardian = (email: string) => ({
      address: "Rua Nova, 1",
      persons: [{ fullName: "Marta Trial", cpf: "52998224725", email, birthDate: "1980-01-02", phone: "11955554444", isPrimary: true }],
    });

    const before = await countAll();
    const taken = await refusal(
      enrollFromTrial(team, trial.id, { guardian: guardian(user.email), offerId: offer.id, startDate: "2026-12-01" }),
    );
    expect([taken.status, taken.errors]).toEqual([409, { "guardian.persons[0].email": ["Já existe um usuário com este e-mail"] }]);
    const inactive = await makeOffer(cls.branchId, { active: false });
    const late = await refusal(
      enrollFromTrial(team, trial.id, { guardian: guardian("nova.familia@teste.com"), offerId: inactive.id, startDate: "2026-12-01" }),
    );
    expect([late.status, late.errors]).toEqual([400, { offerId: ["Oferta inativa"] }]);
    expect(await countAll()).toEqual(before);
    expect((await getTrial(team, trial.id)).enrollmentId).toBeNull();

    const result = await enrollFromTrial(team, trial.id, {
      guardian: guardian("nova.familia@teste.com"),
      offerId: offer.id,
      startDate: "2026-12-01",
    });
    expect(result.student.fullName).toBe("Clara Trial");
    expect(result.enrollment).toMatchObject({ status: "Ativa", trialId: trial.id, classId: cls.id, studentId: result.student.id });
    expect(result.trial.enrollmentId).toBe(result.enrollment.id);
    const matches = await findGuardianMatchesByPhone("11955554444");
    expect(matches.map((m) => m.id)).toContain(result.student.guardianId);

    const second = await refusal(
      enrollFromTrial(team, trial.id, { guardianId: result.student.guardianId, offerId: offer.id, startDate: "2026-12-01" }),
    );
    expect([second.status, second.message]).toEqual([409, "Este experimental já foi matriculado"]);
  });
});

describe("students and the refusals of deletes", () => {
  it("lists, counts and refuses deleting a student, a guardian, a class or an offer that is in use", async () => {
    const admin = await actorOfType("Administrator");
    const team = await actorOfType("Team");
    const { cls, offer } = await classOf(4);
    const { guardian } = await makeGuardian(1);
    const student = await createStudent(team, { guardianId: guardian.id, fullName: "Beatriz Lista", birthDate: "2015-06-30" });
    expect((await refusal(createStudent(team, { guardianId: guardian.id, fullName: "X", birthDate: "2999-01-01" }))).errors).toEqual({
      birthDate: ["Data de nascimento inválida"],
    });
    const enrollment = await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id });
    expect((await countStudentsByGuardian([guardian.id])).get(guardian.id)).toBe(1);
    const page = await listStudentsPage(admin, { q: "beatriz lista" });
    expect(page.students.find((s) => s.id === student.id)).toMatchObject({
      guardianName: expect.any(String),
      classes: [{ label: expect.stringMatching(/ - Turma \d+$/), status: "Ativa", waitlistPosition: null }],
    });
    expect((await searchStudentOptions("Beatriz Lis")).map((o) => o.id)).toContain(student.id);
    const overview = await getStudentOverview(admin, student.id);
    expect(overview.enrollments).toEqual([expect.objectContaining({ id: enrollment.id, offerValue: "150.00", offerName: offer.name })]);

    expect((await refusal(deleteStudent(admin, student.id))).message).toBe("Não é possível excluir este aluno: ele possui matrículas");
    expect((await refusal(deleteGuardian(admin, guardian.id))).message).toBe("Não é possível excluir este responsável: ele possui alunos");
    expect((await refusal(deleteClass(admin, cls.id))).message).toBe("Não é possível excluir esta turma: ela possui matrículas");
    expect((await refusal(deleteOffer(admin, offer.id))).message).toBe("Não é possível excluir esta oferta: ela possui matrículas");
  });

  it("proposes the next session of the class and its branch's active offers", async () => {
    expect(nextSessionOn("2026-11-25", ["Segunda"])).toBe("2026-11-30"); // a Wednesday → the next Monday
    expect(nextSessionOn("2026-11-25", ["Quarta", "Sexta"])).toBe("2026-11-25");
    expect(nextSessionOn("2026-11-28", ["Segunda"])).toBe("2026-11-30");
    const admin = await actorOfType("Administrator");
    const { cls, offer } = await classOf(1);
    await makeOffer(cls.branchId, { active: false });
    const options = await enrollOptions(admin, cls.id);
    expect(options.offers).toEqual([{ id: offer.id, label: `${offer.name} - R$ 150,00` }]);
    expect(options).toMatchObject({ full: false, capacity: 1, active: 0 });
  });
});

describe.runIf(inject("dialect") === "postgres")("the class's lock on PostgreSQL", () => {
  it("holds off other enrolments but not a trial booked into the class meanwhile (FOR NO KEY UPDATE, not FOR UPDATE)", async () => {
    const { cls } = await classOf(5);
    const timeout = <T>(work: Promise<T>) =>
      Promise.race([work, new Promise<"blocked">((resolve) => setTimeout(() => resolve("blocked"), 3000))]);
    let trial: unknown;
    let other: unknown;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const locker = transaction(async (t) => {
      await lockClassSeats(cls.id, t);
      // While the lock is held: a trial's insert (its key-share check on the class) goes through …
      trial = await timeout(makeTrial(cls.id));
      // … another locker waits.
      other = await timeout(transaction((t2) => lockClassSeats(cls.id, t2)));
      release();
    });
    await held;
    await locker;
    expect(trial).not.toBe("blocked");
    expect(other).toBe("blocked");
  });
});
