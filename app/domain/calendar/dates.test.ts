import { describe, expect, it } from "vitest";
import {
  calendarWeeks,
  dayHeading,
  dateInTimeZone,
  formatDay,
  monthBounds,
  monthOrCurrent,
  monthTitle,
  schoolTimeZone,
  setSchoolTimeZone,
  shiftMonth,
  today,
} from "./dates";
import { isCalendarDate } from "../patterns";

describe("month helpers", () => {
  it("bounds a month for the BETWEEN query, leap years included", () => {
    expect(monthBounds("2026-11")).toEqual({ first: "2026-11-01", last: "2026-11-30" });
    expect(monthBounds("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(monthBounds("2026-02")).toEqual({ first: "2026-02-01", last: "2026-02-28" });
    expect(monthBounds("2026-12").last).toBe("2026-12-31");
  });

  it("moves across year boundaries", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2031-03", 0)).toBe("2031-03");
  });

  it("titles the month in Portuguese with a capital first letter", () => {
    expect(monthTitle("2026-11")).toBe("Novembro de 2026");
    expect(monthTitle("2031-03")).toBe("Março de 2031");
    const names = [
      "Janeiro",
      "Fevereiro",
      "Março",
      "Abril",
      "Maio",
      "Junho",
      "Julho",
      "Agosto",
      "Setembro",
      "Outubro",
      "Novembro",
      "Dezembro",
    ];
    expect(names.map((_, i) => monthTitle(`2027-${String(i + 1).padStart(2, "0")}`))).toEqual(names.map((n) => `${n} de 2027`));
  });

  it("falls back to the current São Paulo month for a missing or malformed ?month=", () => {
    const now = new Date("2026-12-01T01:00:00.000Z"); // still 30 November in São Paulo
    expect(monthOrCurrent(null, now)).toBe("2026-11");
    expect(monthOrCurrent("2026-13", now)).toBe("2026-11");
    expect(monthOrCurrent("2031-03", now)).toBe("2031-03");
  });

  it("reads a month typed as text where the browser has no month picker: 'MM/YYYY' as well as 'YYYY-MM'", () => {
    const now = new Date("2026-12-01T01:00:00.000Z");
    expect(monthOrCurrent("03/2031", now)).toBe("2031-03");
    expect(monthOrCurrent(" 3/2031 ", now)).toBe("2031-03");
    expect(monthOrCurrent("13/2031", now)).toBe("2026-11");
  });
});

describe("today and calendar dates", () => {
  it("is the day in America/Sao_Paulo, not in UTC", () => {
    expect(today(new Date("2026-12-01T02:59:00.000Z"))).toBe("2026-11-30");
    expect(today(new Date("2026-12-01T03:00:00.000Z"))).toBe("2026-12-01");
    expect(dateInTimeZone(new Date("2026-12-01T02:59:00.000Z"), "UTC")).toBe("2026-12-01");
  });

  it("follows the school's time zone once it is set (SCHOOL_TIME_ZONE), and refuses an unknown one", () => {
    try {
      setSchoolTimeZone("America/Manaus"); // UTC−4
      expect(schoolTimeZone()).toBe("America/Manaus");
      expect(today(new Date("2026-12-01T03:30:00.000Z"))).toBe("2026-11-30");
      expect(() => setSchoolTimeZone("Brasil/Centro")).toThrow(/fuso horário desconhecido/);
      expect(schoolTimeZone()).toBe("America/Manaus");
    } finally {
      setSchoolTimeZone("America/Sao_Paulo");
    }
    expect(today(new Date("2026-12-01T03:30:00.000Z"))).toBe("2026-12-01");
  });

  it("accepts only real days", () => {
    expect(isCalendarDate("2026-11-30")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-04-31")).toBe(false);
    expect(isCalendarDate("30/11/2026")).toBe(false);
  });

  it("formats a calendar date without going through an instant", () => {
    expect(formatDay("2026-11-30")).toBe("30/11/2026");
    expect(formatDay("2026-11-30T15:00:00.000Z")).toBe("30/11/2026");
    expect(formatDay(null)).toBe("-");
    expect(formatDay("")).toBe("-");
  });
});

describe("calendarWeeks", () => {
  it("lays the month out in Sunday-first weeks of 7 days", () => {
    const weeks = calendarWeeks("2026-11"); // 1 Nov 2026 is a Sunday
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0][0]).toEqual({ date: "2026-11-01", day: 1, inMonth: true });
    const last = weeks.at(-1)!;
    // 30 Nov 2026 is a Monday: it stays on the 30th and the week is padded with December.
    expect(last[1]).toEqual({ date: "2026-11-30", day: 30, inMonth: true });
    expect(last[2]).toEqual({ date: "2026-12-01", day: 1, inMonth: false });
    expect(weeks).toHaveLength(5);
  });

  it("pads the first week with the previous month", () => {
    const weeks = calendarWeeks("2031-03"); // 1 Mar 2031 is a Saturday
    expect(weeks[0].map((d) => d.date)).toEqual([
      "2031-02-23",
      "2031-02-24",
      "2031-02-25",
      "2031-02-26",
      "2031-02-27",
      "2031-02-28",
      "2031-03-01",
    ]);
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
    expect(weeks).toHaveLength(6);
  });
});

describe("dayHeading", () => {
  it("names the day in Portuguese, capitalised once", () => {
    expect(dayHeading("2026-11-21")).toBe("Sábado, 21 de novembro");
    expect(dayHeading("2027-01-02")).toBe("Sábado, 2 de janeiro");
    expect(dayHeading("2026-03-01")).toBe("Domingo, 1 de março");
    expect(dayHeading("2026-12-31")).toBe("Quinta-feira, 31 de dezembro");
  });
});

describe("nextWorkingDay", () => {
  it("skips the weekend", async () => {
    const { nextWorkingDay } = await import("./dates");
    expect(nextWorkingDay("2026-11-26")).toBe("2026-11-27"); // Thursday → Friday
    expect(nextWorkingDay("2026-11-27")).toBe("2026-11-30"); // Friday → Monday
    expect(nextWorkingDay("2026-11-28")).toBe("2026-11-30"); // Saturday → Monday
    expect(nextWorkingDay("2026-11-29")).toBe("2026-11-30"); // Sunday → Monday
  });
});
