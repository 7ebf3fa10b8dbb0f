import { describe, expect, it } from "vitest";
import { fromFirstMonthWithData, median, monthSpan, occupancyBand, parsePeriod, percent } from "./schema";

describe("a report's period", () => {
  it("defaults to the last 12 months up to today; months stand for their first and last days", () => {
    expect(parsePeriod({}, "2026-11-26")).toEqual({
      period: {
        from: "2025-12-01",
        to: "2026-11-26",
        months: [
          "2025-12",
          "2026-01",
          "2026-02",
          "2026-03",
          "2026-04",
          "2026-05",
          "2026-06",
          "2026-07",
          "2026-08",
          "2026-09",
          "2026-10",
          "2026-11",
        ],
      },
    });
    expect(parsePeriod({ from: "2024-02", to: "2024-02" }, "2026-11-26")).toEqual({
      period: { from: "2024-02-01", to: "2024-02-29", months: ["2024-02"] },
    });
    const { period } = parsePeriod({ from: "2026-01-15", to: "2026-03-10" }, "2026-11-26") as { period: Parameters<typeof monthSpan>[0] };
    expect(monthSpan(period, "2026-01")).toEqual({ first: "2026-01-15", last: "2026-01-31" });
    expect(monthSpan(period, "2026-03")).toEqual({ first: "2026-03-01", last: "2026-03-10" });
  });

  it("refuses a malformed or reversed period, and more than 24 months", () => {
    expect(parsePeriod({ from: "2026-02-30" }, "2026-11-26")).toEqual({ errors: { from: ["Período inválido"] } });
    expect(parsePeriod({ from: "2026-05-01", to: "2026-04-30" }, "2026-11-26")).toEqual({ errors: { to: ["Período inválido"] } });
    expect(parsePeriod({ from: "x".repeat(5000) }, "2026-11-26")).toEqual({ errors: { from: ["Período inválido"] } });
    expect(parsePeriod({ from: "2024-01-01", to: "2025-12-31" }, "2026-11-26")).toHaveProperty("period");
    expect(parsePeriod({ from: "2024-01-01", to: "2026-01-01" }, "2026-11-26")).toEqual({
      errors: { to: ["Período de no máximo 24 meses"] },
    });
  });
});

describe("the reports' numbers", () => {
  it("rates with one decimal, null without a base; medians; occupancy bands", () => {
    expect([percent(1, 3), percent(2, 3), percent(0, 5), percent(3, 0)]).toEqual([33.3, 66.7, 0, null]);
    expect([median([]), median([20, 4, 10]), median([1, 2, 3, 10])]).toEqual([null, 10, 2.5]);
    expect([
      occupancyBand(null),
      occupancyBand(49.9),
      occupancyBand(50),
      occupancyBand(99.9),
      occupancyBand(100),
      occupancyBand(130),
    ]).toEqual([null, "Baixa", "Média", "Alta", "Lotada", "Lotada"]);
  });
});

describe("a chart's months", () => {
  it("start at the first month with data; the months after it stay, empty or not", () => {
    const months = [
      { month: "2026-01", n: 0 },
      { month: "2026-02", n: 0 },
      { month: "2026-03", n: 4 },
      { month: "2026-04", n: 0 },
      { month: "2026-05", n: 2 },
    ];
    expect(fromFirstMonthWithData(months, (m) => m.n > 0).map((m) => m.month)).toEqual(["2026-03", "2026-04", "2026-05"]);
    // Data from the first month, or none at all: every month.
    expect(fromFirstMonthWithData(months.slice(2), (m) => m.n > 0)).toHaveLength(3);
    expect(fromFirstMonthWithData(months.slice(0, 2), (m) => m.n > 0)).toHaveLength(2);
  });
});
