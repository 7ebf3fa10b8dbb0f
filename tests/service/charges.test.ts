import { describe, expect, it } from "vitest";
import { addDays, today } from "~/domain/calendar/dates";
import { chargeDue, getCharge } from "~/domain/charges/queries.server";
import { createOneOffCharge, updateBillingSettings } from "~/domain/charges/service.server";
import { makeBranch, makeGuardian } from "../support/factories";
import { actorOfType } from "../support/service";

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
