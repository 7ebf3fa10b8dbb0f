import { describe, expect, it } from "vitest";
import { getTrial } from "~/domain/trials/queries.server";
import { trialLoseSchema } from "~/domain/trials/schema";
import { createTrial, loseTrial, updateTrial } from "~/domain/trials/service.server";
import { makeClass, makeTrial } from "../support/factories";
import { actorOfType, refusal } from "../support/service";

/** The trial commands, called as both surfaces call them (the JSON API and the form's action). */
const team = () => actorOfType("Team");

function input(classId: string, scheduledTime: string) {
  return {
    guardianName: "Mariana Souza",
    studentName: "Luísa Souza",
    classId,
    whatsappNumber: "11987654321",
    scheduledDate: "2031-03-10",
    scheduledTime,
  };
}

describe("a blank time takes the class's first start time", () => {
  it("on create: the first schedule in weekday order (not by name), then by time", async () => {
    const actor = await team();
    const { cls } = await makeClass({
      schedules: [
        { dayOfWeek: "Quarta", startTime: "07:00", endTime: "08:00" },
        { dayOfWeek: "Segunda", startTime: "19:00", endTime: "20:00" },
        { dayOfWeek: "Segunda", startTime: "18:15", endTime: "19:00" },
      ],
    });
    const trial = await createTrial(actor, input(cls.id, ""));
    expect(trial.scheduledTime).toBe("18:15");
    expect((await getTrial(actor, trial.id)).scheduledTime).toBe("18:15");
    // A given time is kept.
    expect((await createTrial(actor, input(cls.id, "09:40"))).scheduledTime).toBe("09:40");
  });

  it("a class without schedules leaves the time invalid; an unknown class is reported on its field", async () => {
    const actor = await team();
    const { cls } = await makeClass({ schedules: [] });
    const noTime = await refusal(createTrial(actor, input(cls.id, "")));
    expect(noTime.status).toBe(400);
    expect(noTime.errors).toEqual({ scheduledTime: ["Horário inválido"] });
    const unknown = await refusal(createTrial(actor, input("turma-x", "")));
    expect(unknown.errors).toEqual({ classId: ["Turma não encontrada"] });
  });

  it("on update: a blank time takes the (new) class's first start time; an absent one is kept", async () => {
    const actor = await team();
    const first = (await makeClass({ schedules: [{ dayOfWeek: "Terça", startTime: "17:00", endTime: "18:00" }] })).cls;
    const second = (await makeClass({ schedules: [{ dayOfWeek: "Sábado", startTime: "10:45", endTime: "11:45" }] })).cls;
    const trial = await createTrial(actor, input(first.id, "09:30"));
    expect((await updateTrial(actor, trial.id, { studentName: "Outra" })).scheduledTime).toBe("09:30");
    expect((await updateTrial(actor, trial.id, { scheduledTime: "" })).scheduledTime).toBe("17:00");
    const moved = await updateTrial(actor, trial.id, { classId: second.id, scheduledTime: "" });
    expect(moved).toMatchObject({ classId: second.id, scheduledTime: "10:45" });
  });
});

describe("the calendar sees every committed write, whoever makes it", () => {
  it("a trial written through another connection (another worker, a script) shows on the next read", async () => {
    const { inject } = await import("vitest");
    const { openDatabase } = await import("#db/connection.ts");
    const { getTrialCalendar } = await import("~/domain/trials/queries.server");
    const actor = await team();
    const { cls } = await makeClass({ schedules: [{ dayOfWeek: "Segunda", startTime: "18:00", endTime: "19:00" }] });
    const trial = await createTrial(actor, { ...input(cls.id, "18:00"), scheduledDate: "2031-05-12" });
    const before = await getTrialCalendar(actor, "2031-05", 3);
    expect(before.days["2031-05-12"].trials.map((t) => t.studentName)).toEqual(["Luísa Souza"]);

    const other = openDatabase(inject("databaseUrl"));
    try {
      await other.query(`UPDATE "trials" SET "studentName" = 'Renomeada por outro processo' WHERE "id" = :id`, {
        replacements: { id: trial.id },
      });
      const renamed = await getTrialCalendar(actor, "2031-05", 3);
      expect(renamed.days["2031-05-12"].trials.map((t) => t.studentName)).toEqual(["Renomeada por outro processo"]);

      await other.query(`DELETE FROM "trial_status_history" WHERE "trialId" = :id`, { replacements: { id: trial.id } });
      await other.query(`DELETE FROM "trials" WHERE "id" = :id`, { replacements: { id: trial.id } });
      const gone = await getTrialCalendar(actor, "2031-05", 3);
      expect(gone.days["2031-05-12"]).toBeUndefined();
      expect(gone.kpis.total).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe("the week and day views read only their days", () => {
  it("getTrialDays: the span's trials with their class's name, each day's first few and its total; at most a week", async () => {
    const { getTrialDays, getTrialDay } = await import("~/domain/trials/queries.server");
    const actor = await team();
    const { cls } = await makeClass({ schedules: [{ dayOfWeek: "Segunda", startTime: "18:00", endTime: "19:00" }] });
    const at = (scheduledDate: string, studentName: string, scheduledTime = "18:00") =>
      createTrial(actor, { ...input(cls.id, scheduledTime), scheduledDate, studentName });
    await at("2031-06-07", "Fora Antes");
    await at("2031-06-08", "Domingo");
    await at("2031-06-11", "Quarta A", "08:00");
    await at("2031-06-11", "Quarta B", "09:00");
    await at("2031-06-11", "Quarta C", "10:00");
    await at("2031-06-14", "Sábado");
    await at("2031-06-15", "Fora Depois");

    const week = await getTrialDays(actor, "2031-06-08", "2031-06-14", 2);
    expect(Object.keys(week).sort()).toEqual(["2031-06-08", "2031-06-11", "2031-06-14"]);
    expect(week["2031-06-11"].total).toBe(3);
    expect(week["2031-06-11"].trials.map((t) => t.studentName)).toEqual(["Quarta A", "Quarta B"]);
    expect(week["2031-06-11"].trials[0].classLabel).toMatch(/ - Turma \d+$/);

    const day = await getTrialDay(actor, "2031-06-11");
    expect(day.map((t) => t.studentName)).toEqual(["Quarta A", "Quarta B", "Quarta C"]);

    expect((await refusal(getTrialDays(actor, "2031-06-01", "2031-06-14", null))).status).toBe(404);
    expect((await refusal(getTrialDays(actor, "2031-06-14", "2031-06-08", null))).status).toBe(404);
    expect((await refusal(getTrialDay(actor, "2031-02-30"))).status).toBe(404);
  });
});

describe("'Marcar como perdido': the note", () => {
  it("the form's parsed value (an empty note is null) is accepted by the command, which parses it again", async () => {
    const actor = await team();
    const { cls } = await makeClass();
    const trial = await makeTrial(cls.id, { status: "Compareceu" });
    const formValue = trialLoseSchema.parse({ lostReason: "Preço", note: "" });
    expect(formValue).toEqual({ lostReason: "Preço", note: null });
    const lost = await loseTrial(actor, trial.id, formValue);
    expect(lost).toMatchObject({ outcome: "Perdido", lostReason: "Preço", lostNote: null });
  });

  it("a note not text is 'Observação inválida', one over 500 characters too long; nothing is written", async () => {
    const actor = await team();
    const { cls } = await makeClass();
    const trial = await makeTrial(cls.id, { status: "Compareceu" });
    const notText = await refusal(loseTrial(actor, trial.id, { lostReason: "Preço", note: 42 }));
    expect([notText.status, notText.errors]).toEqual([400, { note: ["Observação inválida"] }]);
    const long = await refusal(loseTrial(actor, trial.id, { lostReason: "Preço", note: "a".repeat(501) }));
    expect(long.errors).toEqual({ note: ["Observação deve ter no máximo 500 caracteres"] });
    expect((await getTrial(actor, trial.id)).outcome).toBeNull();
  });
});
