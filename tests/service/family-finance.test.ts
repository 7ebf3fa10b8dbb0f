import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays, today } from "~/domain/calendar/dates";
import { familyFinance } from "~/domain/family/finance.server";
import { nextFamilySession } from "~/domain/family/overview.server";
import { FAMILY_NOT_FOUND } from "~/domain/access/family-scope";
import type { Actor } from "~/domain/access/roles";
import {
  makeBranch,
  makeCharge,
  makeClass,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makePayment,
  makeStudent,
} from "../support/factories";
import { actorOfType, refusal } from "../support/service";

describe("the family's 'Financeiro' (familyFinance)", () => {
  it("splits 'Vencido', 'A vencer' and the history; due today is overdue + due today only; 'A pagar' is overdue + due in 7 days", async () => {
    const on = today();
    const branch = await makeBranch();
    const course = await makeCourse({ name: `Ballet Clássico ${randomUUID().slice(0, 4)}` });
    const made = await makeClass({ branchId: branch.id, courseId: course.id });
    const offer = await makeOffer(branch.id);
    const { guardian } = await makeGuardian(1);
    const child = await makeStudent(guardian.id);
    const enrollment = await makeEnrollment({ studentId: child.id, classId: made.cls.id, offerId: offer.id });
    const parent: Actor = { id: guardian.userId!, userType: "Client" };
    const charge = (description: string, amountCents: number, dueDate: string, extra: Partial<Parameters<typeof makeCharge>[0]> = {}) =>
      makeCharge({ guardianId: guardian.id, branchId: branch.id, studentId: child.id, description, amountCents, dueDate, ...extra });

    // R$ 100,00 five days late, the branch's default 2 % fine and 1 % a month: 2,00 + 100 × 1 % × 5/30 = 0,17 → 102,17.
    const late = await charge("Mensalidade atrasada", 10_000, addDays(on, -5), { enrollmentId: enrollment.id });
    const dueNow = await charge("Figurino", 5_000, on);
    const soon = await charge("Festival", 7_000, addDays(on, 3));
    const later = await charge("Mensalidade futura", 9_000, addDays(on, 30), { enrollmentId: enrollment.id });
    const paid = await charge("Mensalidade paga", 8_000, addDays(on, -40), { status: "Paga" });
    const cancelled = await charge("Cancelada", 1_000, addDays(on, -20), { status: "Cancelada" });
    await makePayment({ chargeId: soon.id, amountCents: 2_000, paidOn: on });
    // Another family's charge is not read.
    const other = await makeGuardian(1);
    await makeCharge({ guardianId: other.guardian.id, branchId: branch.id, amountCents: 99_900, dueDate: addDays(on, -3) });

    const finance = await familyFinance(parent);
    expect(finance.date).toBe(on);
    expect(finance.overdue.map((c) => c.id)).toEqual([late.id]);
    expect(finance.upcoming.map((c) => c.id)).toEqual([dueNow.id, soon.id, later.id]);
    expect(finance.history.map((c) => c.id)).toEqual([cancelled.id, paid.id]);
    expect(finance.overdue[0].amountDue).toBe("102.17");
    // Not the 50,00 (70,00 − 20,00) of the charge due in three days, nor the 90,00 of next month's.
    expect(finance.dueToday).toBe("152.17");
    expect(finance.toPay.charges.map((c) => c.id)).toEqual([late.id, dueNow.id, soon.id]);
    expect(finance.toPay.total).toBe("202.17");
    // A charge of an enrolment is titled by its class; a one-off one by its description.
    expect(finance.overdue[0].title).toBe(`${course.name} - Turma ${made.cls.classNumber}`);
    expect(finance.overdue[0].classLabel).toBe(finance.overdue[0].title);
    expect(finance.upcoming.find((c) => c.id === later.id)!.title).toBe(finance.overdue[0].title);
    expect(finance.upcoming[0]).toMatchObject({ title: "Figurino", classLabel: null });
  });

  it("a family without charges owes nothing; a user without a family gets 'Família não encontrada'", async () => {
    const { guardian } = await makeGuardian(1);
    const finance = await familyFinance({ id: guardian.userId!, userType: "Client" });
    expect(finance).toMatchObject({ overdue: [], upcoming: [], history: [], dueToday: "0.00", toPay: { charges: [], total: "0.00" } });
    expect((await refusal(familyFinance(await actorOfType("Client")))).message).toBe(FAMILY_NOT_FOUND);
    expect((await refusal(familyFinance(await actorOfType("Administrator")))).message).toBe(FAMILY_NOT_FOUND);
  });
});

describe("the summary card's next class (nextFamilySession)", () => {
  it("is the earliest session not yet started of any child, with the child's name", () => {
    const on = today();
    const session = (date: string, startTime: string) => ({
      enrollmentId: randomUUID(),
      classId: randomUUID(),
      classLabel: "Ballet - Turma 1",
      scheduleId: randomUUID(),
      date,
      startTime,
      endTime: "23:59",
      branchName: "Centro",
      classroomName: "Sala 1",
      teacherName: "Prof",
      notice: null,
    });
    const student = (fullName: string) => ({ id: randomUUID(), fullName }) as never;
    const ana = { student: student("Ana"), nextSessions: [session(addDays(on, -1), "00:00"), session(addDays(on, 2), "08:00")] };
    const bia = { student: student("Bia"), nextSessions: [session(addDays(on, 1), "18:00")] };
    const caio = { student: student("Caio"), nextSessions: [] };
    expect(nextFamilySession([ana, bia, caio])).toMatchObject({ studentName: "Bia", date: addDays(on, 1), startTime: "18:00" });
    expect(nextFamilySession([ana])).toMatchObject({ studentName: "Ana", date: addDays(on, 2) });
    expect(nextFamilySession([caio])).toBeNull();
  });
});
