import { describe, expect, it } from "vitest";
import { addDays, shiftMonth, today } from "~/domain/calendar/dates";
import { chargeDue, getCharge } from "~/domain/charges/queries.server";
import {
  createOneOffCharge,
  generateCharges,
  nextGenerationMonth,
  previewGeneration,
  updateBillingSettings,
} from "~/domain/charges/service.server";
import { makeBranch, makeClass, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "../support/factories";
import { actorOfType, refusal } from "../support/service";

describe("fee terms frozen on the charge", () => {
  it("a charge keeps the fine and interest in force when it was issued; new charges take the branch's new settings", async () => {
    const admin = await actorOfType("Administrator");
    const team = await actorOfType("Team");
    const branch = await makeBranch();
    const { guardian } = await makeGuardian(1);
    const dueDate = addDays(today(), -10);
    const input = { guardianId: guardian.id, branchId: branch.id, description: "Figurino", amount: "1000.00", dueDate };
    const old = await createOneOffCharge(admin, input);
    expect(old).toMatchObject({ finePercent: 2, monthlyInterestPercent: 1, amountDue: "1023.33" });
    const before = await chargeDue(team, old.id, null);

    await updateBillingSettings(admin, branch.id, { finePercent: "0,5", monthlyInterestPercent: 0.25 });

    expect(await getCharge(team, old.id)).toMatchObject({ finePercent: 2, monthlyInterestPercent: 1, amountDue: "1023.33" });
    expect(await chargeDue(team, old.id, null)).toEqual(before);
    // 1.000,00 + 0,5 % (5,00) + 0,25 % × 10 / 30 (0,83)
    expect(await createOneOffCharge(admin, input)).toMatchObject({ finePercent: 0.5, monthlyInterestPercent: 0.25, amountDue: "1005.83" });
  });
});

/** A branch named `name` with `n` pupils enrolled ('Ativa' since 2020) on an offer of R$ 100,00. */
async function branchWith(name: string, n: number) {
  const branch = await makeBranch({ name });
  const { cls } = await makeClass({ branchId: branch.id });
  const offer = await makeOffer(branch.id, { monthlyValue: "100.00" });
  for (let i = 0; i < n; i++) {
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id, startDate: "2020-01-06" });
  }
  return branch;
}

describe("generation names its scope", () => {
  it("previews one line per branch, generates the scope only, and proposes the scope's first month not generated", async () => {
    const admin = await actorOfType("Administrator");
    const team = await actorOfType("Team");
    const tag = Date.now().toString(36);
    const centro = await branchWith(`Unidade Centro ${tag}`, 2);
    const norte = await branchWith(`Unidade Norte ${tag}`, 1);
    const current = today().slice(0, 7);
    expect(await nextGenerationMonth(admin, { branchId: centro.id })).toBe(current);

    const all = await previewGeneration(admin, { month: current });
    expect(all.branchId).toBeNull();
    expect(all.branches.filter((b) => b.branchName.endsWith(tag))).toEqual([
      { branchId: centro.id, branchName: centro.name, count: 2, total: "200.00" },
      { branchId: norte.id, branchName: norte.name, count: 1, total: "100.00" },
    ]);
    expect((await refusal(generateCharges(team, { month: current, branchId: centro.id }))).status).toBe(403);
    expect(await generateCharges(admin, { month: current, branchId: centro.id })).toMatchObject({ branchId: centro.id, created: 2 });
    expect((await previewGeneration(admin, { month: current, branchId: norte.id })).count).toBe(1);
    expect(await nextGenerationMonth(admin, { branchId: centro.id })).toBe(shiftMonth(current, 1));
    expect(await nextGenerationMonth(admin, { branchId: norte.id })).toBe(current);
    expect((await previewGeneration(admin, { branchId: centro.id })).month).toBe(shiftMonth(current, 1));
  });
});
