import { describe, expect, it } from "vitest";
import { chargeStanding, daysLateLabel } from "./standing";

describe("chargeStanding", () => {
  const on = "2026-03-01";
  it("paid, cancelled, overdue N days (the school's calendar, across a month end), partly paid, open", () => {
    expect(chargeStanding({ status: "Paga", dueDate: "2026-01-10", paid: "100.00" }, on)).toEqual({ label: "Paga", daysLate: null });
    expect(chargeStanding({ status: "Cancelada", dueDate: "2026-01-10", paid: "0.00" }, on)).toEqual({
      label: "Cancelada",
      daysLate: null,
    });
    expect(chargeStanding({ status: "Aberta", dueDate: "2026-02-27", paid: "0.00" }, on)).toEqual({ label: "Vencida", daysLate: 2 });
    // Late wins over partly paid.
    expect(chargeStanding({ status: "Aberta", dueDate: "2026-02-28", paid: "10.00" }, on)).toEqual({ label: "Vencida", daysLate: 1 });
    expect(chargeStanding({ status: "Aberta", dueDate: on, paid: "10.00" }, on)).toEqual({ label: "Parcial", daysLate: null });
    expect(chargeStanding({ status: "Aberta", dueDate: on, paid: "0.00" }, on)).toEqual({ label: "Aberta", daysLate: null });
  });
  it("says the days late in words", () => {
    expect(daysLateLabel(1)).toBe("há 1 dia");
    expect(daysLateLabel(12)).toBe("há 12 dias");
  });
});
