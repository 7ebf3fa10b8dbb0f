import { WANTS_TO_ENROLL, NO_SHOW, ATTENDED, ENROLLED } from "./constants";
import { percentOf } from "../money";

export interface TrialKpis {
  total: number;
  noShowPercent: number;
  attendedPercent: number;
  /** Trials that became an enrolment ('Matriculado', `isEnrolledTrial`): the funnel's 'Matriculado' too. */
  enrollPercent: number;
  /** Mean days from creation to the change into 'Quer Matricular'. */
  averageSalesCycleDays: number;
}

export interface KpiTrial {
  id: string;
  status: string;
  createdAt: string | Date;
  outcome?: string | null;
}

/**
 * A trial counts as a 'Matrícula' when an enrolment was made from it (its
 * outcome is 'Matriculado'): the KPI '% de Matrículas' and the funnel's
 * 'Matriculado' (reports/) alike; `enrolledTrialSql` is the same rule in SQL.
 */
export function isEnrolledTrial(trial: { outcome?: string | null }): boolean {
  return trial.outcome === ENROLLED;
}

export interface KpiHistoryEntry {
  status: string;
  changedAt: string | Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ms = (value: string | Date) => (value instanceof Date ? value : new Date(value)).getTime();

/** A whole percent of the total, half up; 0 for an empty month. */
export function wholePercent(count: number, total: number): number {
  return total === 0 ? 0 : percentOf(count, total);
}

/**
 * The five KPI cards (§9) for the trials of one month and their history.
 * The sales cycle counts only trials currently in 'Quer Matricular' whose
 * history records that change; the latest such change is the one that counts.
 */
export function computeTrialKpis(
  trials: ReadonlyArray<KpiTrial>,
  historyByTrial: Readonly<Record<string, ReadonlyArray<KpiHistoryEntry> | undefined>>,
): TrialKpis {
  const countOf = (status: string) => trials.filter((t) => t.status === status).length;
  const cycles: SalesCycle[] = [];
  for (const trial of trials) {
    if (trial.status !== WANTS_TO_ENROLL) continue;
    const changes = (historyByTrial[trial.id] ?? []).filter((h) => h.status === WANTS_TO_ENROLL);
    if (!changes.length) continue;
    cycles.push({ createdAt: trial.createdAt, enrolledAt: new Date(Math.max(...changes.map((h) => ms(h.changedAt)))) });
  }
  return kpisFromCounts(
    { total: trials.length, noShow: countOf(NO_SHOW), attended: countOf(ATTENDED), enroll: trials.filter(isEnrolledTrial).length },
    averageSalesCycleDays(cycles),
  );
}

/** One trial's way to 'Quer Matricular': its creation and its latest change into that status. */
export interface SalesCycle {
  createdAt: string | Date;
  enrolledAt: string | Date;
}

/** Mean whole days from creation to 'Quer Matricular' (a negative span counts as 0); 0 without cycles. */
export function averageSalesCycleDays(cycles: ReadonlyArray<SalesCycle>): number {
  const days = cycles.map((c) => Math.max(0, ms(c.enrolledAt) - ms(c.createdAt)) / DAY_MS);
  return days.length ? Math.round(days.reduce((a, b) => a + b, 0) / days.length) : 0;
}

/**
 * The five cards from counts the database can compute (`GROUP BY status`) and the
 * mean sales cycle: the same rules as above.
 */
export function kpisFromCounts(
  counts: { total: number; noShow: number; attended: number; enroll: number },
  averageDays: number,
): TrialKpis {
  return {
    total: counts.total,
    noShowPercent: wholePercent(counts.noShow, counts.total),
    attendedPercent: wholePercent(counts.attended, counts.total),
    enrollPercent: wholePercent(counts.enroll, counts.total),
    averageSalesCycleDays: averageDays,
  };
}

/** '3 dias' ('1 dia'). */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? "dia" : "dias"}`;
}
