import { describe, expect, it } from "vitest";
import { dueFromSums, dueOn } from "./due";

const terms = {
  amountCents: 100_000,
  dueDate: "2026-10-10",
  feesWaived: false,
  fineHundredths: 200,
  interestHundredths: 100,
  payments: [],
};

describe("dueOn", () => {
  it("R$ 1.000,00 due 10/10, nothing paid, on 20/10 with 2 % and 1 %: fine 20,00, interest 3,33, due 1.023,33", () => {
    expect(dueOn(terms, "2026-10-20")).toEqual({ principal: 100_000, fine: 2000, interest: 333, paid: 0, total: 102_333 });
  });
  it("no fees on the due date, none when waived", () => {
    expect(dueOn(terms, "2026-10-10").total).toBe(100_000);
    expect(dueOn({ ...terms, feesWaived: true }, "2026-10-20").total).toBe(100_000);
  });
  it("rounds half up", () => {
    // 150,00 × 1 % × 1 / 30 = 0,05 exactly; × 3 days = 0,15; 10,01 × 1 % × 15 / 30 = 0,05005 → 0,05
    expect(dueOn({ ...terms, amountCents: 15_000 }, "2026-10-11").interest).toBe(5);
    expect(dueOn({ ...terms, amountCents: 1_001 }, "2026-10-25").interest).toBe(5);
    // 0,25 × 2 % = 0,005 → 0,01
    expect(dueOn({ ...terms, amountCents: 25 }, "2026-10-11").fine).toBe(1);
  });
  it("the principal is what was not paid by the due date; later payments count in the total", () => {
    const due = dueOn(
      {
        ...terms,
        payments: [
          { amountCents: 40_000, paidOn: "2026-10-05" },
          { amountCents: 10_000, paidOn: "2026-10-15" },
        ],
      },
      "2026-10-20",
    );
    expect(due).toEqual({ principal: 60_000, fine: 1200, interest: 200, paid: 50_000, total: 51_400 });
    expect(dueFromSums({ ...terms, earlyCents: 40_000, paidCents: 50_000 }, "2026-10-20")).toEqual(due);
    expect(dueFromSums({ ...terms, earlyCents: 40_000, paidCents: 40_000 }, "2026-10-01").total).toBe(60_000);
  });
  it("never below zero", () => {
    expect(dueOn({ ...terms, payments: [{ amountCents: 100_000, paidOn: "2026-10-10" }] }, "2026-12-20").total).toBe(0);
  });
});
