import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/domain/access/roles";
import { attendanceReport, funnelReport, studentsReport } from "~/domain/reports/queries.server";
import { attendance, funnel, seedReportFixtures, students } from "../support/report-fixtures";
import { actorOfType } from "../support/service";

/**
 * The numbers of the funnel, students and attendance reports, against fixtures
 * whose numbers are worked out by hand below, read from the domain's queries
 * (the HTTP tests keep the endpoints' statuses, contract and CSV). Each report
 * has its own new branches and a period in 2019, where no other test writes,
 * and every assertion is filtered by those branches.
 */

let admin: Actor;
let team: Actor;

beforeAll(async () => {
  [admin, team] = [await actorOfType("Administrator"), await actorOfType("Team")];
  await seedReportFixtures();
});

const REASONS = ["Preço", "Horário", "Distância", "Não gostou da aula", "Sem resposta", "Escolheu outra escola", "Outro"];
/** Lost by reason with every reason in order: the given counts, the rest 0; rates against the period's lost trials. */
const lostBy = (counts: Record<string, number>) => {
  const lost = Object.values(counts).reduce((s, c) => s + c, 0);
  return REASONS.map((reason) => ({
    reason,
    count: counts[reason] ?? 0,
    rate: lost ? Math.round(((counts[reason] ?? 0) / lost) * 1000) / 10 : null,
  }));
};

const PERIOD = { from: "2019-01-01", to: "2019-04-30" };

describe("funnel (funnelReport)", () => {
  it("counts each step as the definitions say (history, or the outcome 'Matriculado'), lost by reason, with rates and the median", async () => {
    const report = await funnelReport(team, { ...PERIOD, branchId: funnel.a });
    // 7 trials; Compareceu: t1 t2 t3 t4 t6 t7 = 6; Quer Matricular: t2 t3 t4 t6, and t7 (Matriculado) = 5;
    // Matriculado (the outcome): t3 t4 t7 = 3 (t6 has an enrolment, cancelled before its start: its outcome is open).
    expect(report.steps).toEqual([
      { step: "Experimentais", count: 7, rate: 100 },
      { step: "Compareceu", count: 6, rate: 85.7 },
      { step: "Quer Matricular", count: 5, rate: 71.4 },
      { step: "Matriculado", count: 3, rate: 42.9 },
    ]);
    // Perdido: t1 and t2 'Preço', t5 'Sem resposta' = 3; shares 2/3 and 1/3.
    expect(report.lost).toBe(3);
    expect(report.lostByReason).toEqual(lostBy({ Preço: 2, "Sem resposta": 1 }));
    expect(report.lostByReason[0]).toEqual({ reason: "Preço", count: 2, rate: 66.7 });
    // Days from the trial's date to its outcome 'Matriculado' (closedAt): 10, 4, 20.
    expect(report.medianDaysToEnrollment).toBe(10);
    expect(report).toMatchObject({ from: "2019-01-01", to: "2019-04-30", branchId: funnel.a, ownerId: null, by: "origin" });
    expect(report.groups).toEqual([
      {
        key: "Google Ads",
        label: "Google Ads",
        trials: 3,
        attended: 3,
        wantsToEnroll: 2,
        enrolled: 1,
        lost: 2,
        attendedRate: 100,
        wantsToEnrollRate: 66.7,
        enrolledRate: 33.3,
        lostRate: 66.7,
      },
      {
        key: "Indicação",
        label: "Indicação",
        trials: 2,
        attended: 2,
        wantsToEnroll: 2,
        enrolled: 2,
        lost: 0,
        attendedRate: 100,
        wantsToEnrollRate: 100,
        enrolledRate: 100,
        lostRate: 0,
      },
      {
        key: "Outros",
        label: "Outros",
        trials: 2,
        attended: 1,
        wantsToEnroll: 1,
        enrolled: 0,
        lost: 1,
        attendedRate: 50,
        wantsToEnrollRate: 50,
        enrolledRate: 0,
        lostRate: 50,
      },
    ]);
  });

  it("filters by owner and groups by owner; a trial whose owner is gone is 'Sem responsável'", async () => {
    // Ana: t1 t2 t3. Compareceu 3; Quer Matricular t2 t3 = 2; Matriculado t3 = 1; lost t1 t2 'Preço'; days: 10.
    const ana = await funnelReport(team, { ...PERIOD, branchId: funnel.a, ownerId: funnel.ana });
    expect(ana.ownerId).toBe(funnel.ana);
    expect(ana.steps.map((s) => [s.count, s.rate])).toEqual([
      [3, 100],
      [3, 100],
      [2, 66.7],
      [1, 33.3],
    ]);
    expect(ana.lost).toBe(2);
    expect(ana.lostByReason).toEqual(lostBy({ Preço: 2 }));
    expect(ana.medianDaysToEnrollment).toBe(10);
    // Bruno: t4 t5 t6 t7. Compareceu t4 t6 t7 = 3; Quer Matricular t4 t6 t7 = 3; Matriculado t4 t7 = 2; lost t5; days 4 and 20: 12.
    const byOwner = await funnelReport(admin, { ...PERIOD, branchId: funnel.a, by: "owner" });
    expect(byOwner.by).toBe("owner");
    expect(byOwner.groups).toEqual([
      {
        key: funnel.ana,
        label: "Ana Responsável Funil",
        trials: 3,
        attended: 3,
        wantsToEnroll: 2,
        enrolled: 1,
        lost: 2,
        attendedRate: 100,
        wantsToEnrollRate: 66.7,
        enrolledRate: 33.3,
        lostRate: 66.7,
      },
      {
        key: funnel.bruno,
        label: "Bruno Responsável Funil",
        trials: 4,
        attended: 3,
        wantsToEnroll: 3,
        enrolled: 2,
        lost: 1,
        attendedRate: 75,
        wantsToEnrollRate: 75,
        enrolledRate: 50,
        lostRate: 25,
      },
    ]);
    const bruno = await funnelReport(team, { ...PERIOD, branchId: funnel.a, ownerId: funnel.bruno, by: "course" });
    expect(bruno.medianDaysToEnrollment).toBe(12);
    expect(bruno.lostByReason).toEqual(lostBy({ "Sem resposta": 1 }));
    // Bruno's by course: X has t6 t7 (Matriculado t7), Y has t4 t5 (Matriculado t4).
    expect(bruno.groups.map((g) => [g.key, g.trials, g.enrolled, g.lost])).toEqual([
      [funnel.courseX, 2, 1, 0],
      [funnel.courseY, 2, 1, 1],
    ]);
    const noOwner = await funnelReport(team, { ...PERIOD, branchId: funnel.b, by: "owner" });
    expect(noOwner.groups.map((g) => [g.key, g.label, g.trials])).toEqual([["", "Sem responsável", 1]]);
    // Another owner's filter in branch B: nothing.
    const none = await funnelReport(team, { ...PERIOD, branchId: funnel.b, ownerId: funnel.ana });
    expect(none.steps[0]).toEqual({ step: "Experimentais", count: 0, rate: null });
    expect(none.lost).toBe(0);
  });

  it("groups by course and by branch; another branch has its own numbers; a period without trials has no rates", async () => {
    const byCourse = await funnelReport(team, { from: "2019-01", to: "2019-04", branchId: funnel.a, by: "course" });
    expect(byCourse.groups.map((g) => [g.key, g.trials, g.enrolled])).toEqual([
      [funnel.courseX, 5, 2],
      [funnel.courseY, 2, 1],
    ]);
    const byBranch = await funnelReport(admin, { ...PERIOD, branchId: funnel.b, by: "branch" });
    expect(byBranch.steps.map((s) => s.count)).toEqual([1, 0, 0, 0]);
    expect(byBranch.steps[3].rate).toBe(0);
    expect(byBranch.medianDaysToEnrollment).toBeNull();
    expect(byBranch.lostByReason).toEqual(lostBy({}));
    expect(byBranch.groups).toEqual([
      {
        key: funnel.b,
        label: "Unidade Funil B",
        trials: 1,
        attended: 0,
        wantsToEnroll: 0,
        enrolled: 0,
        lost: 0,
        attendedRate: 0,
        wantsToEnrollRate: 0,
        enrolledRate: 0,
        lostRate: 0,
      },
    ]);
    const empty = await funnelReport(team, { from: "2019-06-01", to: "2019-06-30", branchId: funnel.a });
    expect(empty.steps).toEqual([
      { step: "Experimentais", count: 0, rate: null },
      { step: "Compareceu", count: 0, rate: null },
      { step: "Quer Matricular", count: 0, rate: null },
      { step: "Matriculado", count: 0, rate: null },
    ]);
    expect(empty.lost).toBe(0);
    expect(empty.groups).toEqual([]);
  });
});

describe("students (studentsReport)", () => {
  it("counts active enrolments at each month's end, new, cancelled and churn, by branch and course; occupancy and waiting lists", async () => {
    const report = await studentsReport(team, { ...PERIOD, branchId: students.c });
    expect(report.months).toEqual([
      { month: "2019-01", activeAtStart: 2, active: 3, new: 1, cancelled: 0, churnRate: 0 },
      { month: "2019-02", activeAtStart: 3, active: 3, new: 1, cancelled: 1, churnRate: 33.3 },
      { month: "2019-03", activeAtStart: 3, active: 3, new: 0, cancelled: 0, churnRate: 0 },
      { month: "2019-04", activeAtStart: 3, active: 3, new: 1, cancelled: 1, churnRate: 33.3 },
    ]);
    expect(report.byBranch).toEqual([{ key: students.c, label: "Unidade Alunos C", months: report.months }]);
    const course = (id: string) => report.byCourse.find((g) => g.key === id)!.months;
    expect(course(students.courseX)).toEqual([
      { month: "2019-01", activeAtStart: 2, active: 3, new: 1, cancelled: 0, churnRate: 0 },
      { month: "2019-02", activeAtStart: 3, active: 2, new: 0, cancelled: 1, churnRate: 33.3 },
      { month: "2019-03", activeAtStart: 2, active: 2, new: 0, cancelled: 0, churnRate: 0 },
      { month: "2019-04", activeAtStart: 2, active: 2, new: 0, cancelled: 0, churnRate: 0 },
    ]);
    expect(course(students.courseY)).toEqual([
      { month: "2019-01", activeAtStart: 0, active: 0, new: 0, cancelled: 0, churnRate: null },
      { month: "2019-02", activeAtStart: 0, active: 1, new: 1, cancelled: 0, churnRate: null },
      { month: "2019-03", activeAtStart: 1, active: 1, new: 0, cancelled: 0, churnRate: 0 },
      { month: "2019-04", activeAtStart: 1, active: 1, new: 1, cancelled: 1, churnRate: 100 },
    ]);
    // Today: C1 has e1, e3, e7 active of 10; C2 has e5 of 2 and e6 waiting.
    const occupancy = Object.fromEntries(report.occupancy.map((o) => [o.classId, o]));
    expect(occupancy[students.c1]).toMatchObject({
      active: 3,
      capacity: 10,
      rate: 30,
      band: "Baixa",
      waiting: 0,
      branchName: "Unidade Alunos C",
    });
    expect(occupancy[students.c2]).toMatchObject({ active: 1, capacity: 2, rate: 50, band: "Média", waiting: 1 });
  });
});

describe("attendance (attendanceReport)", () => {
  it("gives the presence rate per month and per class, teacher or branch, and the absences made up or not", async () => {
    const quarter = { from: "2019-01-01", to: "2019-03-31" };
    const report = await attendanceReport(team, { ...quarter, branchId: attendance.d, by: "class" });
    // D1: 07/01 two present, 14/01 absent (made up), 04/02 present, 11/02 justified (make-up booked);
    // D2: 07/01 absent, 21/01 the make-up present. January 3 of 5, February 1 of 2.
    expect(report.months).toEqual([
      { month: "2019-01", records: 5, present: 3, rate: 60 },
      { month: "2019-02", records: 2, present: 1, rate: 50 },
      { month: "2019-03", records: 0, present: 0, rate: null },
    ]);
    const byKey = Object.fromEntries(report.groups.map((g) => [g.key, g]));
    expect(byKey[attendance.d1]).toMatchObject({ records: 5, present: 3, rate: 60 });
    expect(byKey[attendance.d1].months.map((m) => m.rate)).toEqual([66.7, 50, null]);
    expect(byKey[attendance.d2]).toMatchObject({ records: 2, present: 1, rate: 50 });
    expect(report.absences).toEqual({ total: 3, madeUp: 1, booked: 1, notMadeUp: 1 });

    const byTeacher = await attendanceReport(team, { ...quarter, branchId: attendance.d, by: "teacher" });
    expect(byTeacher.groups.map((g) => [g.key, g.rate]).sort()).toEqual(
      [
        [attendance.teacher1, 60],
        [attendance.teacher2, 50],
      ].sort(),
    );
    const byBranch = await attendanceReport(team, { ...quarter, branchId: attendance.d, by: "branch" });
    expect(byBranch.groups).toEqual([
      { key: attendance.d, label: "Unidade Frequência D", records: 7, present: 4, rate: 57.1, months: report.months },
    ]);
    // Another branch's numbers are not these.
    const other = await attendanceReport(team, { ...quarter, branchId: students.c });
    expect(other.months.map((m) => m.records)).toEqual([0, 0, 0]);
    expect(other.absences).toEqual({ total: 0, madeUp: 0, booked: 0, notMadeUp: 0 });
  });
});
