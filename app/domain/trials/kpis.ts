import { WANTS_TO_ENROLL, NO_SHOW, ATTENDED } from "./constants";

export interface TrialKpis {
  total: number;
  noShowPercent: number;
  attendedPercent: number;
  enrollPercent: number;
  /** Mean days from creation to the change into 'Quer Matricular'. */
  averageSalesCycleDays: number;
}

export interface KpiTrial {
  id: string;
  status: string;
  createdAt: string | Date;
}

export interface KpiHistoryEntry {
  status: string;
  changedAt: string | Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ms = (value: string | Date) => (value instanceof Date ? value : new Date(value)).getTime();

/** A whole percent of the total; 0 for an empty month. */
export function percentOf(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count * 100) / total);
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
  const total = trials.length;
  const countOf = (status: string) => trials.filter((t) => t.status === status).length;
  const cycles: number[] = [];
  for (const trial of trials) {
    if (trial.status !== WANTS_TO_ENROLL) continue;
    const changes = (historyByTrial[trial.id] ?? []).filter((h) => h.status === WANTS_TO_ENROLL);
    if (!changes.length) continue;
    const latest = Math.max(...changes.map((h) => ms(h.changedAt)));
    cycles.push(Math.max(0, latest - ms(trial.createdAt)) / DAY_MS);
  }
  const average = cycles.length ? Math.round(cycles.reduce((a, b) => a + b, 0) / cycles.length) : 0;
  return {
    total,
    noShowPercent: percentOf(countOf(NO_SHOW), total),
    attendedPercent: percentOf(countOf(ATTENDED), total),
    enrollPercent: percentOf(countOf(WANTS_TO_ENROLL), total),
    averageSalesCycleDays: average,
  };
}

/** '3 dias' ('1 dia'). */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? "dia" : "dias"}`;
}
