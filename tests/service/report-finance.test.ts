import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/domain/access/roles";
import { shiftMonth, today } from "~/domain/calendar/dates";
import { financeReport } from "~/domain/reports/queries.server";
import { makePayment } from "../support/factories";
import { seedFinanceFixture } from "../support/report-fixtures";
import { actorOfType } from "../support/service";

/**
 * The finance report's numbers (financeReport) against a fixture whose numbers
 * are worked out by hand below: two new branches (F and G, the defaults of 2 %
 * fine and 1 % a month of interest) with charges and payments in 2017, where no
 * other test writes, every assertion filtered by one of them. The period is
 * January to June 2017, so what is overdue is counted on 30/06/2017 (the
 * period's end, before today). The HTTP tests keep the endpoint's statuses,
 * contract and CSV.
 */

let admin: Actor;
let team: Actor;
const branch = { f: "", g: "", g2: "" };
const PERIOD = { from: "2017-01-01", to: "2017-06-30" };

beforeAll(async () => {
  [admin, team] = [await actorOfType("Administrator"), await actorOfType("Team")];
  Object.assign(branch, await seedFinanceFixture());
});

describe("financeReport", () => {
  it("gives expected and received per month, the overdue by ageing bucket on the period's end and the received by method", async () => {
    expect(await financeReport(team, { ...PERIOD, branchId: branch.f })).toEqual({
      from: "2017-01-01",
      to: "2017-06-30",
      branchId: branch.f,
      months: [
        // c1 + c2 (c3 cancelled); received: c1's 100,00 and c2's 50,00.
        { month: "2017-01", expected: "300.00", charges: 2, received: "150.00", payments: 2 },
        { month: "2017-02", expected: "0.00", charges: 0, received: "0.00", payments: 0 },
        // c4; received: c4's 150,00 and c8's 60,00 (paid early).
        { month: "2017-03", expected: "150.00", charges: 1, received: "210.00", payments: 2 },
        // c5; its payment is reversed.
        { month: "2017-04", expected: "400.00", charges: 1, received: "0.00", payments: 0 },
        { month: "2017-05", expected: "250.00", charges: 1, received: "100.00", payments: 1 },
        // c7 + c8 + c9 (c9's payment is in July).
        { month: "2017-06", expected: "290.00", charges: 3, received: "0.00", payments: 0 },
      ],
      expected: "1390.00",
      received: "460.00",
      overdue: {
        asOf: "2017-06-30",
        amount: "914.28",
        charges: 5,
        buckets: [
          // c7: 80,00 + fine 1,60 + interest 80 × 1 % × 20/30 = 0,53 → 82,13;
          // c9 (paid only on 05/07): 90,00 + 1,80 + 90 × 1 % × 25/30 = 0,75 → 92,55.
          { bucket: "1–30", amount: "174.68", charges: 2 },
          // c6, 51 days: principal 250,00 (paid after the due date), fine 5,00, interest 250 × 1 % × 51/30 = 4,25, less 100,00 → 159,25.
          { bucket: "31–60", amount: "159.25", charges: 1 },
          // c5, 81 days (its payment reversed): 400,00 + 8,00 + 400 × 1 % × 81/30 = 10,80 → 418,80.
          { bucket: "61–90", amount: "418.80", charges: 1 },
          // c2, 171 days: principal 150,00 (50,00 paid before the due date), fine 3,00, interest 150 × 1 % × 171/30 = 8,55;
          // 200,00 + 3,00 + 8,55 − 50,00 → 161,55.
          { bucket: "90+", amount: "161.55", charges: 1 },
        ],
      },
      byMethod: [
        { method: "Pix", amount: "160.00", payments: 2 },
        { method: "Dinheiro", amount: "50.00", payments: 1 },
        { method: "Cartão", amount: "0.00", payments: 0 },
        { method: "Transferência", amount: "150.00", payments: 1 },
        { method: "Boleto", amount: "100.00", payments: 1 },
      ],
    });
  });

  it("keeps to the branch asked for; a period of part of a month counts those days only", async () => {
    const g = await financeReport(admin, { ...PERIOD, branchId: branch.g });
    expect(g.months.map((m) => [m.expected, m.received])).toEqual([
      ["0.00", "0.00"],
      ["0.00", "0.00"],
      ["1000.00", "1000.00"],
      ["0.00", "0.00"],
      ["0.00", "0.00"],
      ["70.00", "0.00"],
    ]);
    // g2, 29 days: 70,00 + 1,40 + 70 × 1 % × 29/30 = 0,68 → 72,08.
    expect(g.overdue).toEqual({
      asOf: "2017-06-30",
      amount: "72.08",
      charges: 1,
      buckets: [
        { bucket: "1–30", amount: "72.08", charges: 1 },
        { bucket: "31–60", amount: "0.00", charges: 0 },
        { bucket: "61–90", amount: "0.00", charges: 0 },
        { bucket: "90+", amount: "0.00", charges: 0 },
      ],
    });
    expect(g.byMethod[0]).toEqual({ method: "Pix", amount: "1000.00", payments: 1 });

    // 11/01 to 20/03: January from the 11th (c1 and c2 fall on the 10th, the payments on the 5th and 8th), March to the 20th.
    const part = await financeReport(team, { from: "2017-01-11", to: "2017-03-20", branchId: branch.f });
    expect(part.months).toEqual([
      { month: "2017-01", expected: "0.00", charges: 0, received: "0.00", payments: 0 },
      { month: "2017-02", expected: "0.00", charges: 0, received: "0.00", payments: 0 },
      { month: "2017-03", expected: "150.00", charges: 1, received: "210.00", payments: 2 },
    ]);
    // On 20/03 only c2 is late (69 days): 150,00 × 2 % = 3,00, 150 × 1 % × 69/30 = 3,45; 200 + 3 + 3,45 − 50 → 156,45.
    expect(part.overdue).toMatchObject({ asOf: "2017-03-20", amount: "156.45", charges: 1 });
    expect(part.overdue.buckets[2]).toEqual({ bucket: "61–90", amount: "156.45", charges: 1 });
  });

  it("counts the overdue on today when the period ends later", async () => {
    const now = today();
    const report = await financeReport(team, { from: now.slice(0, 7), to: shiftMonth(now.slice(0, 7), 3), branchId: branch.f });
    expect(report.months).toHaveLength(4);
    expect(report.overdue.asOf).toBe(now);
    // Every open charge of F is late today: c2, c5, c6, c7, c8 and c10 (c9 is paid).
    expect(report.overdue.charges).toBe(6);
  });

  it("follows a change at once (last: it pays part of G's open charge)", async () => {
    const before = await financeReport(team, { ...PERIOD, branchId: branch.g });
    expect(before.months[5].received).toBe("0.00");
    await makePayment({ chargeId: branch.g2, amountCents: 7_000, paidOn: "2017-06-20", method: "Dinheiro" });
    const after = await financeReport(team, { ...PERIOD, branchId: branch.g });
    expect(after.months[5]).toEqual({ month: "2017-06", expected: "70.00", charges: 1, received: "70.00", payments: 1 });
    // Paid after its due date: the fine (1,40) and the interest to 30/06 (0,68) are still due.
    expect(after.overdue).toMatchObject({ amount: "2.08", charges: 1 });
    expect(after.byMethod[1]).toEqual({ method: "Dinheiro", amount: "70.00", payments: 1 });
  });
});
