import { describe, expect, it } from "vitest";
import { addDays, daysBetween } from "./dates";
import {
  firstSessionDate,
  firstSessionDateAfter,
  isSession,
  latestSessionOnOrBefore,
  MAX_LOOP_DAYS,
  nextSession,
  nextSessionOn,
  previousSession,
  sessionsBetween,
  sessionsOn,
  weekdayOf,
} from "./sessions";

// 2026-11-23 is a Monday.
const MON = { id: "mon", dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" };
const MON_LATE = { id: "mon-late", dayOfWeek: "Segunda", startTime: "18:00", endTime: "19:00" };
const WED = { id: "wed", dayOfWeek: "Quarta", startTime: "10:00", endTime: "11:00" };
const SAT = { id: "sat", dayOfWeek: "Sábado", startTime: "09:00", endTime: "10:00" };
const schedules = [WED, MON_LATE, MON];

describe("sessions", () => {
  it("names weekdays as the schedules do, Sunday none", () => {
    expect(weekdayOf("2026-11-23")).toBe("Segunda");
    expect(weekdayOf("2026-11-28")).toBe("Sábado");
    expect(weekdayOf("2026-11-29")).toBeNull();
    expect(weekdayOf("2024-02-29")).toBe("Quinta");
  });

  it("adds days across months and years, and counts them", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-11-01", "2026-12-31")).toBe(60);
    expect(daysBetween("2026-11-02", "2026-11-01")).toBe(-1);
  });

  it("lists a day's sessions by start time, none before the first day", () => {
    expect(sessionsOn(schedules, "2026-11-01", "2026-11-23").map((s) => s.scheduleId)).toEqual(["mon", "mon-late"]);
    expect(sessionsOn(schedules, "2026-11-24", "2026-11-23")).toEqual([]);
    expect(sessionsOn(schedules, "2026-11-01", "2026-11-24")).toEqual([]);
    expect(sessionsOn([SAT], "2026-11-01", "2026-11-29")).toEqual([]);
  });

  it("lists the sessions of a range from the first day on", () => {
    const list = sessionsBetween(schedules, "2026-11-24", "2026-11-20", "2026-12-01");
    expect(list.map((s) => `${s.date} ${s.scheduleId}`)).toEqual(["2026-11-25 wed", "2026-11-30 mon", "2026-11-30 mon-late"]);
    expect(list[0]).toEqual({ date: "2026-11-25", scheduleId: "wed", startTime: "10:00", endTime: "11:00" });
  });

  it("knows a real session from a wrong day, a wrong schedule or a date before the class", () => {
    expect(isSession(schedules, "2026-11-01", "2026-11-25", "wed")).toBe(true);
    expect(isSession(schedules, "2026-11-01", "2026-11-25", "mon")).toBe(false);
    expect(isSession(schedules, "2026-11-01", "2026-11-26", "wed")).toBe(false);
    expect(isSession(schedules, "2026-11-26", "2026-11-25", "wed")).toBe(false);
    expect(isSession(schedules, "2026-11-01", "2026-11-25", "unknown")).toBe(false);
  });

  it("finds the neighbouring sessions, on the same day and across weeks", () => {
    expect(nextSession(schedules, "2026-11-01", "2026-11-23", "mon")).toMatchObject({ date: "2026-11-23", scheduleId: "mon-late" });
    expect(nextSession(schedules, "2026-11-01", "2026-11-23", "mon-late")).toMatchObject({ date: "2026-11-25", scheduleId: "wed" });
    expect(nextSession(schedules, "2026-11-01", "2026-11-25", "wed")).toMatchObject({ date: "2026-11-30", scheduleId: "mon" });
    expect(previousSession(schedules, "2026-11-01", "2026-11-30", "mon")).toMatchObject({ date: "2026-11-25", scheduleId: "wed" });
    expect(previousSession(schedules, "2026-11-01", "2026-11-25", "wed")).toMatchObject({ date: "2026-11-23", scheduleId: "mon-late" });
    expect(previousSession(schedules, "2026-11-01", "2026-11-23", "mon-late")).toMatchObject({ date: "2026-11-23", scheduleId: "mon" });
    expect(previousSession(schedules, "2026-11-23", "2026-11-23", "mon")).toBeNull();
    expect(nextSession([], "2026-11-01", "2026-11-23", "mon")).toBeNull();
  });

  it("finds the latest session on or before a date", () => {
    expect(latestSessionOnOrBefore(schedules, "2026-11-01", "2026-11-24")).toMatchObject({ date: "2026-11-23", scheduleId: "mon-late" });
    expect(latestSessionOnOrBefore(schedules, "2026-11-24", "2026-11-24")).toBeNull();
  });

  it("gives the next session date from a day (the enrolment's default start)", () => {
    expect(nextSessionOn("2026-11-25", ["Segunda"])).toBe("2026-11-30");
    expect(nextSessionOn("2026-11-25", ["Quarta", "Sexta"])).toBe("2026-11-25");
    expect(nextSessionOn("2026-11-25", [])).toBe("2026-11-25");
  });

  it("takes the class's first day in the school's time zone", () => {
    // 01:30 UTC on the 24th is still the 23rd in São Paulo (UTC-3).
    expect(firstSessionDate("2026-11-24T01:30:00Z")).toBe("2026-11-23");
    expect(firstSessionDate(new Date("2026-11-24T03:30:00Z"))).toBe("2026-11-24");
  });

  it("walks a counted number of days, never comparing date texts", () => {
    // The day after 9999-12-31 is in year +010000, whose text sorts before it:
    // a loop that compared texts never ended here.
    expect(addDays("9999-12-31", 1) < "9999-12-31").toBe(true);
    expect(sessionsBetween(schedules, "2026-11-01", "9999-12-31", "9999-12-31").map((s) => s.date)).toEqual([]);
    expect(sessionsBetween(schedules, "2026-11-01", "9999-12-27", "9999-12-31").map((s) => s.scheduleId)).toEqual([
      "mon",
      "mon-late",
      "wed",
    ]);
    expect(sessionsBetween(schedules, "2026-11-01", "2026-12-01", "2026-11-30")).toEqual([]);
    // Not a date at all: nothing to walk, at once.
    expect(() => sessionsBetween(schedules, "2026-11-01", "x", "y")).toThrow(RangeError);
  });

  it("refuses a span longer than MAX_LOOP_DAYS instead of walking it", () => {
    const from = "2026-01-01";
    expect(sessionsBetween([MON], "2020-01-01", from, addDays(from, MAX_LOOP_DAYS - 1)).length).toBeGreaterThan(50);
    expect(() => sessionsBetween([MON], "2020-01-01", from, addDays(from, MAX_LOOP_DAYS))).toThrow(RangeError);
    expect(() => sessionsBetween([MON], "2020-01-01", "1900-01-01", "2100-12-31")).toThrow(RangeError);
  });

  it("starts a pupil who joins now at the next session whose day has not begun (São Paulo is UTC-3)", () => {
    // Monday 2026-11-23 at 07:00 in São Paulo: both of Monday's sessions are still to come.
    expect(firstSessionDateAfter(schedules, "2026-11-01", new Date("2026-11-23T10:00:00Z"))).toBe("2026-11-23");
    // At 12:00 the 08:00 session has begun: Monday is skipped (a date counts in all its sessions), Wednesday is next.
    expect(firstSessionDateAfter(schedules, "2026-11-01", new Date("2026-11-23T15:00:00Z"))).toBe("2026-11-25");
    // On a Sunday: the next Monday. A class that meets only on Mondays, late on Monday: the Monday after.
    expect(firstSessionDateAfter(schedules, "2026-11-01", new Date("2026-11-29T15:00:00Z"))).toBe("2026-11-30");
    expect(firstSessionDateAfter([MON], "2026-11-01", new Date("2026-11-23T23:00:00Z"))).toBe("2026-11-30");
    // Not before the class's first day; none without schedules.
    expect(firstSessionDateAfter([MON], "2026-12-01", new Date("2026-11-23T10:00:00Z"))).toBe("2026-12-07");
    expect(firstSessionDateAfter([], "2026-11-01", new Date("2026-11-23T10:00:00Z"))).toBeNull();
  });
});
