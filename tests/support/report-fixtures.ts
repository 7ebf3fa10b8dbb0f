import {
  makeAttendance,
  makeCharge,
  makeBranch,
  makeClass,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeMakeup,
  makeOffer,
  makePayment,
  makeStaffUser,
  makeStudent,
  makeTrial,
  makeUser,
} from "./factories";

/**
 * The reports' fixtures, one set shared by the service tests of their numbers
 * (tests/service/report-numbers.test.ts, where the numbers are worked out by
 * hand) and the HTTP tests of their endpoints (tests/api/reports.test.ts).
 * Each report has its own new branches and a period in 2019, where no other
 * test writes; the ids of what the tests filter by are filled in by
 * `seedReportFixtures()`.
 */
const at = (day: string, time = "12:00") => new Date(`${day}T${time}:00Z`);
const history = (...statuses: string[]) => statuses.map((status, i) => ({ status, changedAt: at("2019-01-01", `1${i}:00`) }));

async function pupil(classId: string, offerId: string, attrs: Parameters<typeof makeEnrollment>[0] extends infer A ? Partial<A> : never) {
  const { guardian } = await makeGuardian(1);
  const student = await makeStudent(guardian.id);
  return makeEnrollment({ studentId: student.id, classId, offerId, ...attrs });
}

export const funnel = { a: "", b: "", courseX: "", courseY: "", ana: "", bruno: "" };
export const students = { c: "", courseX: "", courseY: "", c1: "", c2: "" };
export const attendance = { d: "", d1: "", d2: "", teacher1: "", teacher2: "" };

/** Writes the fixtures (once per test file, in its beforeAll). */
export async function seedReportFixtures(): Promise<void> {
  // ---- Funil: branch A (classes A1 of course X, A2 of course Y) and branch B (one trial) ----
  const a = await makeBranch({ name: "Unidade Funil A" });
  const b = await makeBranch({ name: "Unidade Funil B" });
  const courseX = await makeCourse({ name: "Balé Funil" });
  const courseY = await makeCourse({ name: "Jazz Funil" });
  const a1 = (await makeClass({ branchId: a.id, courseId: courseX.id })).cls;
  const a2 = (await makeClass({ branchId: a.id, courseId: courseY.id })).cls;
  const b1 = (await makeClass({ branchId: b.id, courseId: courseX.id })).cls;
  const offerA = await makeOffer(a.id);
  // Two owners: Ana owns t1 t2 t3, Bruno t4 t5 t6 t7; branch B's trial has no owner (its user is gone).
  const ana = await makeUser({ name: "Ana Responsável Funil", userType: "Team" });
  const bruno = await makeUser({ name: "Bruno Responsável Funil", userType: "Administrator" });
  Object.assign(funnel, { a: a.id, b: b.id, courseX: courseX.id, courseY: courseY.id, ana: ana.id, bruno: bruno.id });
  const enrolled = (day: string) => ({ outcome: "Matriculado", closedAt: at(day) });
  const lost = (lostReason: string) => ({ outcome: "Perdido", lostReason, closedAt: at("2019-04-25") });

  await makeTrial(
    a1.id,
    { scheduledDate: "2019-01-10", origin: "Google Ads", ownerId: ana.id, ...lost("Preço") },
    history("Agendado", "Compareceu"),
  );
  await makeTrial(
    a1.id,
    { scheduledDate: "2019-01-15", origin: "Google Ads", ownerId: ana.id, ...lost("Preço") },
    history("Agendado", "Quer Matricular"),
  );
  const t3 = await makeTrial(
    a1.id,
    { scheduledDate: "2019-02-05", origin: "Indicação", ownerId: ana.id, ...enrolled("2019-02-15") },
    history("Agendado", "Compareceu", "Quer Matricular"),
  );
  await pupil(a1.id, offerA.id, { trialId: t3.id, startDate: "2019-02-20", createdAt: at("2019-02-15") }); // 10 days
  // Only 'Agendado' in its history, but 'Matriculado': it counts in every step.
  const t4 = await makeTrial(
    a2.id,
    { scheduledDate: "2019-02-10", origin: "Indicação", ownerId: bruno.id, ...enrolled("2019-02-14") },
    history("Agendado"),
  );
  await pupil(a2.id, offerA.id, { trialId: t4.id, startDate: "2019-02-18", createdAt: at("2019-02-14") }); // 4 days
  await makeTrial(
    a2.id,
    { scheduledDate: "2019-04-01", origin: "Outros", ownerId: bruno.id, ...lost("Sem resposta") },
    history("Agendado", "Não Compareceu"),
  );
  // Its enrolment was cancelled before its start, which cleared its outcome: open, not 'Matriculado'.
  const t6 = await makeTrial(
    a1.id,
    { scheduledDate: "2019-04-05", origin: "Outros", ownerId: bruno.id },
    history("Agendado", "Quer Matricular"),
  );
  await pupil(a1.id, offerA.id, {
    trialId: t6.id,
    startDate: "2019-05-01",
    status: "Cancelada",
    cancelledAt: at("2019-04-20"),
    createdAt: at("2019-04-10"),
  });
  // Cancelled after its start: still 'Matriculado'.
  const t7 = await makeTrial(
    a1.id,
    { scheduledDate: "2019-03-10", origin: "Google Ads", ownerId: bruno.id, ...enrolled("2019-03-30") },
    history("Agendado", "Compareceu"),
  );
  await pupil(a1.id, offerA.id, {
    trialId: t7.id,
    startDate: "2019-04-01",
    status: "Cancelada",
    cancelledAt: at("2019-04-15"),
    createdAt: at("2019-03-30"),
  }); // 20 days
  // Outside the period.
  const t8 = await makeTrial(
    a1.id,
    { scheduledDate: "2018-12-20", origin: "Google Ads", ownerId: ana.id, ...enrolled("2018-12-22") },
    history("Agendado", "Compareceu"),
  );
  await pupil(a1.id, offerA.id, { trialId: t8.id, startDate: "2019-01-05", createdAt: at("2018-12-22") });
  await makeTrial(b1.id, { scheduledDate: "2019-01-20", origin: "Outros", ownerId: null }, history("Agendado"));

  // ---- Alunos: branch C (C1 of course X, capacity 10; C2 of course Y, capacity 2) ----
  const c = await makeBranch({ name: "Unidade Alunos C" });
  const sx = await makeCourse({ name: "Balé Alunos" });
  const sy = await makeCourse({ name: "Jazz Alunos" });
  const c1 = (await makeClass({ branchId: c.id, courseId: sx.id, classroomId: (await makeClassroom(c.id, { capacity: 10 })).id })).cls;
  const c2 = (await makeClass({ branchId: c.id, courseId: sy.id, classroomId: (await makeClassroom(c.id, { capacity: 2 })).id })).cls;
  const offerC = await makeOffer(c.id);
  Object.assign(students, { c: c.id, courseX: sx.id, courseY: sy.id, c1: c1.id, c2: c2.id });
  await pupil(c1.id, offerC.id, { startDate: "2018-12-01" }); // e1
  await pupil(c1.id, offerC.id, { startDate: "2018-11-01", status: "Cancelada", cancelledAt: at("2019-02-10") }); // e2
  await pupil(c1.id, offerC.id, { startDate: "2019-01-15" }); // e3
  await pupil(c2.id, offerC.id, { startDate: "2019-02-01", status: "Cancelada", cancelledAt: at("2019-04-05") }); // e4
  await pupil(c2.id, offerC.id, { startDate: "2019-04-10" }); // e5
  await pupil(c2.id, offerC.id, { startDate: "2019-01-01", status: "Em espera", waitlistPosition: 1 }); // e6: never active
  await pupil(c1.id, offerC.id, { startDate: "2019-05-01" }); // e7: after the period

  // ---- Frequência: branch D (D1 with teacher 1, D2 with teacher 2) ----
  const d = await makeBranch({ name: "Unidade Frequência D" });
  const teacher1 = await makeStaffUser();
  const teacher2 = await makeStaffUser();
  const d1 = await makeClass({ branchId: d.id, responsibleId: teacher1.id });
  const d2 = await makeClass({ branchId: d.id, responsibleId: teacher2.id });
  const offerD = await makeOffer(d.id);
  Object.assign(attendance, { d: d.id, d1: d1.cls.id, d2: d2.cls.id, teacher1: teacher1.id, teacher2: teacher2.id });
  const record = async (cls: typeof d1, date: string, status: "Presente" | "Falta" | "Falta justificada") => {
    const e = await pupil(cls.cls.id, offerD.id, { startDate: "2018-12-01" });
    return makeAttendance({ enrollmentId: e.id, classId: cls.cls.id, scheduleId: cls.schedules[0].id, date, status });
  };
  await record(d1, "2019-01-07", "Presente");
  await record(d1, "2019-01-07", "Presente");
  const madeUp = await record(d1, "2019-01-14", "Falta");
  await record(d1, "2019-02-04", "Presente");
  const booked = await record(d1, "2019-02-11", "Falta justificada");
  await record(d2, "2019-01-07", "Falta");
  // The make-up done in D2 has its roll-call record there (a record of that session: it counts).
  const done = await makeMakeup({
    absenceId: madeUp.id,
    classId: d2.cls.id,
    scheduleId: d2.schedules[0].id,
    date: "2019-01-21",
    status: "Realizada",
  });
  await makeAttendance({ makeupId: done.id, classId: d2.cls.id, scheduleId: d2.schedules[0].id, date: "2019-01-21", status: "Presente" });
  await makeMakeup({ absenceId: booked.id, classId: d2.cls.id, scheduleId: d2.schedules[0].id, date: "2019-02-18", status: "Agendada" });
}

/**
 * The finance report's fixture: two new branches (F and G, the defaults of 2 %
 * fine and 1 % a month of interest) with charges and payments in 2017, where no
 * other test writes (tests/service/report-finance.test.ts works its numbers out
 * by hand). Returns the branches' ids and g2, the charge of G left open.
 */
export async function seedFinanceFixture(): Promise<{ f: string; g: string; g2: string }> {
  const f = await makeBranch({ name: "Unidade Financeiro F" });
  const g = await makeBranch({ name: "Unidade Financeiro G" });
  const { guardian } = await makeGuardian(1);
  const charge = (branchId: string, amountCents: number, dueDate: string, status: "Aberta" | "Paga" | "Cancelada" = "Aberta") =>
    makeCharge({ guardianId: guardian.id, branchId, amountCents, dueDate, status });
  const pay = (chargeId: string, amountCents: number, paidOn: string, method: string) =>
    makePayment({ chargeId, amountCents, paidOn, method });

  // January: c1 paid early by Pix; c2 partly paid before its due date (50,00 in cash); c3 cancelled (counts nowhere).
  const c1 = await charge(f.id, 10_000, "2017-01-10", "Paga");
  await pay(c1.id, 10_000, "2017-01-08", "Pix");
  const c2 = await charge(f.id, 20_000, "2017-01-10");
  await pay(c2.id, 5_000, "2017-01-05", "Dinheiro");
  await charge(f.id, 30_000, "2017-01-20", "Cancelada");
  // February: nothing due, nothing paid.
  // March: c4 paid on its due date by transfer.
  const c4 = await charge(f.id, 15_000, "2017-03-15", "Paga");
  await pay(c4.id, 15_000, "2017-03-15", "Transferência");
  // April: c5 paid by card, then the payment reversed (it counts nowhere, the charge is open).
  const c5 = await charge(f.id, 40_000, "2017-04-10");
  const reversed = await pay(c5.id, 40_000, "2017-04-10", "Cartão");
  await reversed.update({ reversedAt: new Date("2017-04-12T12:00:00Z"), reverseReason: "Cartão recusado" });
  // May: c6 partly paid after its due date (100,00 by boleto on 20/05).
  const c6 = await charge(f.id, 25_000, "2017-05-10");
  await pay(c6.id, 10_000, "2017-05-20", "Boleto");
  // June: c7 open; c8 due on the last day (not late on it), 60,00 paid early in March;
  // c9 paid in July, after the period (late on 30/06); c10 due in July (outside the period).
  await charge(f.id, 8_000, "2017-06-10");
  const c8 = await charge(f.id, 12_000, "2017-06-30");
  await pay(c8.id, 6_000, "2017-03-20", "Pix");
  const c9 = await charge(f.id, 9_000, "2017-06-05", "Paga");
  await c9.update({ paidAt: new Date("2017-07-05T15:00:00Z") });
  await pay(c9.id, 9_000, "2017-07-05", "Pix");
  await charge(f.id, 50_000, "2017-07-10");

  // Branch G: g1 paid by Pix in March; g2 open since 01/06.
  const g1 = await charge(g.id, 100_000, "2017-03-10", "Paga");
  await pay(g1.id, 100_000, "2017-03-10", "Pix");
  const g2 = await charge(g.id, 7_000, "2017-06-01");
  return { f: f.id, g: g.id, g2: g2.id };
}
