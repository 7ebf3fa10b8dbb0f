import { describe, expect, it } from "vitest";
import { makeupBookedMessage, makeupStateLabel, placesLabel, presenceLabel, sessionValue, weekdayName } from "./makeup-screen";
import { makeupFormSchema, SESSION_REQUIRED } from "./makeup-form";
import { formatDay } from "~/domain/calendar/dates";

const classId = "0b6f8a52-3c1e-4b8e-9d0a-1f2e3d4c5b6a";
const scheduleId = "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

describe("the make-up booking form", () => {
  it("reads one radio value back into the session it names", () => {
    const session = sessionValue({ classId, scheduleId, date: "2026-12-02" });
    const parsed = makeupFormSchema.safeParse({ absenceId: "x", session });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.session).toEqual({ classId, scheduleId, date: "2026-12-02" });
  });

  it("refuses a missing or tampered choice with one message", () => {
    for (const session of [undefined, "", `${classId}|${scheduleId}`, `${classId}|${scheduleId}|02/12/2026`, "x".repeat(10_000)]) {
      const parsed = makeupFormSchema.safeParse({ absenceId: "x", session });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([SESSION_REQUIRED]);
    }
  });
});

describe("the words of the student's 'Frequência'", () => {
  it("rounds the presence rate, a dash without records", () => {
    expect(presenceLabel(0.8666)).toBe("Frequência: 87%");
    expect(presenceLabel(1)).toBe("Frequência: 100%");
    expect(presenceLabel(0)).toBe("Frequência: 0%");
    expect(presenceLabel(null)).toBe("Frequência: —");
  });

  it("says an absence's make-up state", () => {
    expect(makeupStateLabel(null, formatDay)).toBe("Sem reposição");
    expect(makeupStateLabel({ status: "Agendada", date: "2026-12-02" }, formatDay)).toBe("Reposição agendada para 02/12/2026");
    expect(makeupStateLabel({ status: "Realizada", date: "2026-12-02" }, formatDay)).toBe("Realizada");
    expect(makeupStateLabel({ status: "Não compareceu", date: "2026-12-02" }, formatDay)).toBe("Não compareceu");
  });

  it("names weekdays and places", () => {
    expect(weekdayName("2026-12-02")).toBe("Quarta");
    expect(weekdayName("2026-11-29")).toBe("Domingo");
    expect(placesLabel(1)).toBe("1 vaga");
    expect(placesLabel(3)).toBe("3 vagas");
  });
});

describe("the make-up's confirmation", () => {
  it("says whose make-up, when (abbreviated weekday, dd/MM, HH:mm) and where", () => {
    expect(makeupBookedMessage("Paula Souza Lima", { date: "2026-11-30", startTime: "18:00", branchName: "Unidade Zona Norte" })).toBe(
      "Reposição de Paula: seg 30/11, 18:00, Unidade Zona Norte",
    );
    expect(makeupBookedMessage(" Ana ", { date: "2026-12-05", startTime: "09:30", branchName: "Centro" })).toBe(
      "Reposição de Ana: sáb 05/12, 09:30, Centro",
    );
  });
});
