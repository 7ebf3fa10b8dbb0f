import { describe, expect, it } from "vitest";
import { readRecords, rollCallUrl, sessionDayLabel } from "./roll-call-screen";
import { formatDay } from "~/domain/calendar/dates";

describe("roll call screen helpers", () => {
  it("names a session's day in Portuguese from the date string", () => {
    expect(sessionDayLabel("2026-11-25")).toBe("Quarta-feira, 25 de novembro de 2026");
    expect(sessionDayLabel("2027-01-02")).toBe("Sábado, 2 de janeiro de 2027");
    expect(formatDay("2026-03-09")).toBe("09/03/2026");
  });

  it("links a session's roll call", () => {
    expect(rollCallUrl("c1", { date: "2026-11-25", scheduleId: "s 1" })).toBe("/classes/c1/attendance?date=2026-11-25&scheduleId=s+1");
  });

  it("reads the posted lines in order and ignores anything else", () => {
    const form = new FormData();
    form.append("records[1].makeupId", "m1");
    form.append("records[1].status", "Presente");
    form.append("records[0].enrollmentId", "e1");
    form.append("records[0].status", "Falta");
    form.append("records[0].status", "Presente");
    form.append("records[0].note", "atrasou");
    form.append("records[0].studentId", "x");
    form.append("records[5000].status", "Falta");
    form.append("intent", "save");
    expect(readRecords(form)).toEqual([
      { enrollmentId: "e1", status: "Falta", note: "atrasou" },
      { makeupId: "m1", status: "Presente" },
    ]);
  });
});
