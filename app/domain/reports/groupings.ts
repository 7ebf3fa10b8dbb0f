/**
 * The reports' groupings and their labels, the funnel's steps, the occupancy bands and the
 * months a chart shows: what the report screens need in the browser. No zod here
 * (schema.ts re-exports them), so a report screen does not download zod.
 */

/** The funnel's steps, in order (the first is every trial of the period). */
export const FUNNEL_STEPS = ["Experimentais", "Compareceu", "Quer Matricular", "Matriculado"] as const;
/** Groupings of the funnel. */
export const FUNNEL_GROUPINGS = ["origin", "owner", "branch", "course"] as const;
export type FunnelGrouping = (typeof FUNNEL_GROUPINGS)[number];
export const FUNNEL_GROUPING_LABELS: Record<FunnelGrouping, string> = {
  origin: "Origem",
  owner: "Responsável",
  branch: "Unidade",
  course: "Curso",
};

export const ATTENDANCE_GROUPINGS = ["class", "teacher", "branch"] as const;
export type AttendanceGrouping = (typeof ATTENDANCE_GROUPINGS)[number];
export const ATTENDANCE_GROUPING_LABELS: Record<AttendanceGrouping, string> = { class: "Turma", teacher: "Professor", branch: "Unidade" };

/** Occupancy bands of the classes' table (active ÷ capacity). */
export const OCCUPANCY_BANDS = [
  { band: "Baixa", below: 50 },
  { band: "Média", below: 80 },
  { band: "Alta", below: 100 },
  { band: "Lotada", below: Infinity },
] as const;
export type OccupancyBand = (typeof OCCUPANCY_BANDS)[number]["band"];

export function occupancyBand(rate: number | null): OccupancyBand | null {
  if (rate === null) return null;
  return OCCUPANCY_BANDS.find((b) => rate < b.below)!.band;
}

/**
 * A report's months from the first one with data on: a chart's series starts
 * there, not with the empty months before the school used the system (all of
 * them when none has data). The JSON keeps every month of the period.
 */
export function fromFirstMonthWithData<Month>(months: readonly Month[], hasData: (month: Month) => boolean): Month[] {
  const first = months.findIndex(hasData);
  return first <= 0 ? [...months] : months.slice(first);
}
