import { describe, expect, it } from "vitest";
import type { CalendarDayTrials } from "~/domain/trials/calendar";
import { packDays, returnMonth, trialsUrl, unpackDays } from "./calendar-screen";

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
            enrolled: false,
          },
          {
            id: "b",
            guardianName: "Caio",
            studentName: "Duda, a Pequena",
            whatsappNumber: "",
            scheduledDate: "2026-11-02",
            scheduledTime: "10:30",
            status: "Não Compareceu",
            enrolled: false,
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
            enrolled: true,
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
