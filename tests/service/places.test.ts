import { describe, expect, it } from "vitest";
import { classPlaces, mostPlacesTaken, placesTaken } from "~/domain/attendance/makeups/queries.server";
import { updateMakeup } from "~/domain/attendance/makeups/service.server";
import { makeAttendance, makeMakeup } from "../support/factories";
import { addDays, enrolled, notSunday, sessionClass, sessionsOf, TODAY } from "../support/attendance";
import { actorOfType, refusal } from "../support/service";

describe("the places of a class's sessions", () => {
  it("a session holds its enrolments active on its date plus the make-ups booked into it; the most from a date on counts the later ones", async () => {
    const from = await sessionClass();
    const cls = await sessionClass({ courseId: from.courseId, capacity: 5 });
    const [s1, s2] = sessionsOf(cls, addDays(TODAY(), 2), addDays(TODAY(), 12));
    await enrolled(cls, 1);
    await enrolled(cls, 2, { startDate: addDays(s1.date, 1), prefix: "Depois" });
    const { pupils } = await enrolled(from, 3, { prefix: "Faltou" });
    const date = notSunday(addDays(TODAY(), -1), -1);
    const absences = [];
    for (const p of pupils) {
      absences.push(
        await makeAttendance({ enrollmentId: p.enrollment.id, classId: from.id, scheduleId: from.scheduleOn(date), date, status: "Falta" }),
      );
    }
    const held = await makeMakeup({ absenceId: absences[0].id, classId: cls.id, scheduleId: s1.scheduleId, date: s1.date });
    await makeMakeup({ absenceId: absences[1].id, classId: cls.id, scheduleId: s1.scheduleId, date: s1.date });
    const missed = await makeMakeup({
      absenceId: absences[2].id,
      classId: cls.id,
      scheduleId: s2.scheduleId,
      date: s2.date,
      status: "Não compareceu",
    });
    await makeAttendance({ makeupId: missed.id, classId: cls.id, scheduleId: s2.scheduleId, date: s2.date, status: "Falta" });

    const places = await classPlaces(cls.id, TODAY());
    expect(placesTaken(places, s1)).toBe(3); // 1 enrolled + 2 make-ups
    expect(placesTaken(places, s1, held.id)).toBe(2);
    expect(placesTaken(places, s2)).toBe(3); // 3 enrolled, the missed make-up frees its place
    expect(mostPlacesTaken(places, TODAY())).toBe(3);
    expect(mostPlacesTaken(places, addDays(s1.date, 1))).toBe(3);
    // A session already past is history: not counted from today on.
    expect(mostPlacesTaken(places, addDays(TODAY(), -30))).toBe(3);
  });

  it("a missed make-up without its roll-call record (written before the rule) goes back to 'Agendada' only with a free place", async () => {
    const team = await actorOfType("Team");
    const from = await sessionClass();
    const cls = await sessionClass({ courseId: from.courseId, capacity: 1 });
    const target = sessionsOf(cls, addDays(TODAY(), 1), addDays(TODAY(), 8))[0];
    await enrolled(cls, 1);
    const { pupils } = await enrolled(from, 1, { prefix: "Faltou" });
    const date = notSunday(addDays(TODAY(), -1), -1);
    const absence = await makeAttendance({
      enrollmentId: pupils[0].enrollment.id,
      classId: from.id,
      scheduleId: from.scheduleOn(date),
      date,
      status: "Falta",
    });
    const old = await makeMakeup({
      absenceId: absence.id,
      classId: cls.id,
      scheduleId: target.scheduleId,
      date: target.date,
      status: "Não compareceu",
    });
    const error = await refusal(updateMakeup(team, old.id, { status: "Agendada" }));
    expect([error.status, error.message]).toEqual([409, "Sem vagas nesta aula"]);
  });
});
