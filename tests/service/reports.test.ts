import { describe, expect, it } from "vitest";
import { funnelReport } from "~/domain/reports/queries.server";
import { getTrialCalendar, getTrialKpis } from "~/domain/trials/queries.server";
import { makeClass, makeTrial } from "../support/factories";
import { actorOfType } from "../support/service";

/** The reports' numbers and the screens that show the same figure elsewhere, on the same data. */
describe("'% de Matrículas' (trials) and 'Matriculado' (funnel) are one definition", () => {
  it("count the trials that became an enrolment, not those that only want one", async () => {
    const team = await actorOfType("Team");
    const { cls } = await makeClass();
    // A month of its own (no other test writes trials there), far from today: the numbers are this test's alone.
    const month = "2041-07";
    const closedAt = new Date("2041-07-20T15:00:00Z");
    const at = (day: number) => `${month}-${String(day).padStart(2, "0")}`;
    await makeTrial(cls.id, { scheduledDate: at(2), status: "Quer Matricular", outcome: "Matriculado", closedAt });
    await makeTrial(cls.id, { scheduledDate: at(3), status: "Compareceu", outcome: "Matriculado", closedAt });
    // Wanting to enrol is not an enrolment: the old card counted these two.
    await makeTrial(cls.id, { scheduledDate: at(4), status: "Quer Matricular" });
    await makeTrial(cls.id, { scheduledDate: at(5), status: "Quer Matricular" });
    await makeTrial(cls.id, { scheduledDate: at(6), status: "Agendado" });
    await makeTrial(cls.id, { scheduledDate: at(7), status: "Não Compareceu", outcome: "Perdido", lostReason: "Preço", closedAt });

    const funnel = await funnelReport(team, { from: `${month}-01`, to: `${month}-31`, branchId: cls.branchId });
    const trials = funnel.steps.find((s) => s.step === "Experimentais")!.count;
    const enrolled = funnel.steps.find((s) => s.step === "Matriculado")!.count;
    expect({ trials, enrolled }).toEqual({ trials: 6, enrolled: 2 });

    const kpis = await getTrialKpis(team, month);
    expect(kpis.total).toBe(trials);
    // The card is a whole percent of the same count: 2 of 6.
    expect(kpis.enrollPercent).toBe(Math.round((enrolled * 100) / trials));
    expect(kpis.enrollPercent).toBe(33);
    expect((await getTrialCalendar(team, month, 20)).kpis.enrollPercent).toBe(33);
    // 'Só abertos': the open trials only, none of them enrolled.
    expect((await getTrialKpis(team, month, true)).enrollPercent).toBe(0);
  });
});
