import { describe, expect, it } from "vitest";
import { entryDurations, formatDateTime, formatDuration, totalCycle } from "./durations";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("formatDuration", () => {
  it("shows days and hours from one day on", () => {
    expect(formatDuration(DAY)).toBe("1d 0h");
    expect(formatDuration(2 * DAY + 3 * HOUR + 59 * MIN)).toBe("2d 3h");
  });
  it("shows hours and minutes under a day", () => {
    expect(formatDuration(5 * HOUR + 10 * MIN)).toBe("5h 10min");
    expect(formatDuration(DAY - MIN)).toBe("23h 59min");
    expect(formatDuration(HOUR)).toBe("1h 0min");
  });
  it("shows minutes only under an hour", () => {
    expect(formatDuration(45 * MIN + 30_000)).toBe("45min");
    expect(formatDuration(0)).toBe("0min");
    expect(formatDuration(-5 * MIN)).toBe("0min");
  });
});

describe("history cycle", () => {
  const entries = [
    { changedAt: "2026-11-01T10:00:00.000Z" },
    { changedAt: "2026-11-01T10:45:00.000Z" },
    { changedAt: "2026-11-03T13:45:00.000Z" },
  ];
  it("total cycle is first to last entry, '-' with fewer than 2", () => {
    expect(totalCycle(entries)).toBe("2d 3h");
    expect(totalCycle(entries.slice(0, 1))).toBe("-");
    expect(totalCycle([])).toBe("-");
  });
  it("each entry lasts until the next; the last has none", () => {
    expect(entryDurations(entries)).toEqual(["45min", "2d 3h", null]);
  });
});

describe("formatDateTime", () => {
  it("shows dd/MM/yyyy às HH:mm in America/Sao_Paulo whatever the process zone", () => {
    // 02:30 UTC on 1 December is still 30 November in São Paulo (UTC-3).
    expect(formatDateTime("2026-12-01T02:30:00.000Z")).toBe("30/11/2026 às 23:30");
    expect(formatDateTime(new Date("2026-11-21T15:05:00.000Z"))).toBe("21/11/2026 às 12:05");
  });
});
