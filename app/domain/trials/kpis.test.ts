import { describe, expect, it } from "vitest";
import { computeTrialKpis, formatDays, wholePercent } from "./kpis";

const day = 24 * 60 * 60 * 1000;
const at = (iso: string, plusMs = 0) => new Date(new Date(iso).getTime() + plusMs).toISOString();

describe("computeTrialKpis", () => {
  it("is all zeros for an empty month", () => {
    expect(computeTrialKpis([], {})).toEqual({
      total: 0,
      noShowPercent: 0,
      attendedPercent: 0,
      enrollPercent: 0,
      averageSalesCycleDays: 0,
    });
  });

  it("counts each status over the total, rounded to a whole percent", () => {
    const created = "2026-11-01T12:00:00.000Z";
    const trials = [
      { id: "a", status: "Não Compareceu", createdAt: created },
      { id: "b", status: "Compareceu", createdAt: created },
      { id: "c", status: "Compareceu", createdAt: created },
      { id: "d", status: "Agendado", createdAt: created },
      { id: "e", status: "Reagendado", createdAt: created },
      { id: "f", status: "Agendado", createdAt: created },
    ];
    const k = computeTrialKpis(trials, {});
    expect(k.total).toBe(6);
    expect(k.noShowPercent).toBe(17); // 16.67
    expect(k.attendedPercent).toBe(33); // 33.33
    expect(k.enrollPercent).toBe(0);
    expect(k.averageSalesCycleDays).toBe(0);
  });

  it("averages the days from creation to the (latest) change into 'Quer Matricular', for trials still in it", () => {
    const created = "2026-11-01T12:00:00.000Z";
    const trials = [
      // '% de Matrículas' counts the trials that became an enrolment (one of them: 25%), not those that want one.
      { id: "a", status: "Quer Matricular", createdAt: created, outcome: "Matriculado" },
      { id: "b", status: "Quer Matricular", createdAt: created },
      // Was 'Quer Matricular' once but is not any more: does not count.
      { id: "c", status: "Compareceu", createdAt: created },
      { id: "d", status: "Agendado", createdAt: created },
    ];
    const k = computeTrialKpis(trials, {
      a: [
        { status: "Agendado", changedAt: created },
        { status: "Quer Matricular", changedAt: at(created, 1 * day) },
        { status: "Compareceu", changedAt: at(created, 1.5 * day) },
        { status: "Quer Matricular", changedAt: at(created, 2 * day) },
      ],
      b: [
        { status: "Agendado", changedAt: created },
        { status: "Quer Matricular", changedAt: at(created, 4 * day) },
      ],
      c: [{ status: "Quer Matricular", changedAt: at(created, 30 * day) }],
    });
    expect(k.enrollPercent).toBe(25);
    expect(k.averageSalesCycleDays).toBe(3); // (2 + 4) / 2
  });

  it("rounds the mean cycle to whole days and skips trials with no recorded change", () => {
    const created = "2026-11-01T12:00:00.000Z";
    const trials = [
      { id: "a", status: "Quer Matricular", createdAt: created },
      { id: "b", status: "Quer Matricular", createdAt: created },
    ];
    expect(computeTrialKpis(trials, { a: [{ status: "Quer Matricular", changedAt: at(created, 2.6 * day) }] }).averageSalesCycleDays).toBe(
      3,
    );
    expect(computeTrialKpis(trials, { a: [{ status: "Quer Matricular", changedAt: at(created, 2.4 * day) }] }).averageSalesCycleDays).toBe(
      2,
    );
    expect(computeTrialKpis(trials, {}).averageSalesCycleDays).toBe(0);
  });

  it("formats percentages and days", () => {
    expect(wholePercent(1, 4)).toBe(25);
    expect(wholePercent(0, 0)).toBe(0);
    expect(wholePercent(2, 3)).toBe(67);
    expect(formatDays(3)).toBe("3 dias");
    expect(formatDays(0)).toBe("0 dias");
    expect(formatDays(1)).toBe("1 dia");
  });
});
