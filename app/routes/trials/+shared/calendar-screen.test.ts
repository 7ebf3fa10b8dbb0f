import { describe, expect, it } from "vitest";
import type { CalendarDayTrials } from "~/domain/trials/calendar";
import {
  calendarPlace,
  neighbours,
  packDays,
  placeOn,
  placeQuery,
  returnMonth,
  returnPlace,
  trialAnchorUrl,
  trialsUrl,
  unpackDays,
  weekDates,
} from "./calendar-screen";

describe("packDays / unpackDays", () => {
  it("gives the same days back, in order, from a smaller string", () => {
    const days: Record<string, CalendarDayTrials> = {
      "2026-11-02": {
        total: 5,
        trials: [
          {
            id: "a",
            guardianName: 'Ana "Mãe"',
            studentName: "Bia",
            whatsappNumber: "(11) 98765-4321",
            scheduledDate: "2026-11-02",
            scheduledTime: "09:00",
            status: "Agendado",
            classLabel: "Ballet - Turma 3",
            enrolled: false,
            lostReason: null,
          },
          {
            id: "b",
            guardianName: "Caio",
            studentName: "Duda, a Pequena",
            whatsappNumber: "",
            scheduledDate: "2026-11-02",
            scheduledTime: "10:30",
            status: "Não Compareceu",
            classLabel: "Jazz - Turma 12",
            enrolled: false,
            lostReason: "Não gostou da aula",
          },
        ],
      },
      "2026-11-30": {
        total: 1,
        trials: [
          {
            id: "c",
            guardianName: "Eva",
            studentName: "Flor",
            whatsappNumber: "1133334444",
            scheduledDate: "2026-11-30",
            scheduledTime: "18:00",
            status: "Quer Matricular",
            classLabel: "Ballet - Turma 3",
            enrolled: true,
            lostReason: null,
          },
        ],
      },
    };
    const packed = packDays(days);
    expect(unpackDays(packed)).toEqual(days);
    expect(packed.length).toBeLessThan(JSON.stringify(days).length * 0.7);
    expect(unpackDays(packDays({}))).toEqual({});
  });
});

describe("trialsUrl / returnMonth", () => {
  it("goes back to the month of the URL, else of the given date, else the current month", () => {
    expect(trialsUrl("2026-11")).toBe("/trials?month=2026-11");
    expect(trialsUrl("2026-13")).toBe("/trials");
    expect(trialsUrl(null)).toBe("/trials");
    expect(returnMonth(new URL("http://x/trials/new?month=2026-11"), "2027-01-05")).toBe("2026-11");
    expect(returnMonth(new URL("http://x/trials/new?month=bad"), "2027-01-05")).toBe("2027-01");
    expect(returnMonth(new URL("http://x/trials/new"), "2027-02-30")).toBeNull();
    expect(returnMonth(new URL("http://x/trials/new"))).toBeNull();
  });
});

describe("calendarPlace", () => {
  const at = (query: string) => calendarPlace(new URLSearchParams(query), "2026-11-26");

  it("opens on today's month, its agenda on today", () => {
    expect(at("")).toEqual({ view: "month", date: "2026-11-26" });
    expect(placeQuery(at(""))).toBe("month=2026-11");
  });

  it("keeps the month URL: another month's agenda opens on its first day, or on the URL's date in it", () => {
    expect(at("month=2027-02")).toEqual({ view: "month", date: "2027-02-01" });
    expect(at("month=2026-11")).toEqual({ view: "month", date: "2026-11-26" });
    expect(at("month=2027-02&date=2027-02-14")).toEqual({ view: "month", date: "2027-02-14" });
    expect(at("month=2027-02&date=2027-03-14")).toEqual({ view: "month", date: "2027-02-01" });
    expect(at("view=month&date=2027-03-14")).toEqual({ view: "month", date: "2027-03-14" });
    expect(at("month=2027-13")).toEqual({ view: "month", date: "2026-11-26" });
  });

  it("reads the week and day views, today when the date is missing or no date", () => {
    expect(at("view=day&date=2027-01-05")).toEqual({ view: "day", date: "2027-01-05" });
    expect(at("view=week&date=2027-01-05")).toEqual({ view: "week", date: "2027-01-05" });
    expect(at("view=day")).toEqual({ view: "day", date: "2026-11-26" });
    expect(at("view=day&date=2027-02-30")).toEqual({ view: "day", date: "2026-11-26" });
    expect(at("view=year&date=2027-01-05")).toEqual({ view: "month", date: "2027-01-05" });
    expect(placeQuery(at("view=day&date=2027-01-05"))).toBe("view=day&date=2027-01-05");
  });

  it("moves a day, a week or a month; the week is Sunday first", () => {
    expect(neighbours({ view: "day", date: "2026-12-31" })).toEqual({
      previous: { view: "day", date: "2026-12-30" },
      next: { view: "day", date: "2027-01-01" },
    });
    expect(neighbours({ view: "week", date: "2026-11-26" }).next).toEqual({ view: "week", date: "2026-12-03" });
    expect(neighbours({ view: "month", date: "2026-01-15" }).previous).toEqual({ view: "month", date: "2025-12-01" });
    expect(weekDates("2026-11-26")).toEqual([
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
    ]);
    expect(weekDates("2026-11-22")[0]).toBe("2026-11-22");
  });
});

describe("returnPlace / trialAnchorUrl", () => {
  it("goes back to the dialog's view and day, else to the month, at the trial's block", () => {
    expect(returnPlace(new URL("http://x/trials/a/status?view=day&date=2026-11-26"))).toEqual({ view: "day", date: "2026-11-26" });
    expect(returnPlace(new URL("http://x/trials/a/status?view=week&date=2026-11-26"))).toEqual({ view: "week", date: "2026-11-26" });
    expect(returnPlace(new URL("http://x/trials/a/status?month=2026-11"))?.view).toBe("month");
    expect(returnPlace(new URL("http://x/trials/a/status?view=day&date=bad"), "2027-01-05")).toEqual({ view: "month", date: "2027-01-05" });
    expect(returnPlace(new URL("http://x/trials/a/status"))).toBeNull();
    expect(trialAnchorUrl({ view: "day", date: "2026-11-26" }, "abc")).toBe("/trials?view=day&date=2026-11-26#tb-abc");
    expect(trialAnchorUrl(placeOn({ view: "month", date: "2026-11-01" }, "2027-01-05"), "abc")).toBe("/trials?month=2027-01#tb-abc");
  });
});
