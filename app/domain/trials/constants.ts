/** Trial enumerations (§3), free of zod so the calendar screen does not load the validation library. */
export const SCHEDULED = "Agendado";
export const NO_SHOW = "Não Compareceu";
export const ATTENDED = "Compareceu";
export const WANTS_TO_ENROLL = "Quer Matricular";

/** §3: the order the quick status change lists them in. */
export const TRIAL_STATUSES = [SCHEDULED, "Reagendado", NO_SHOW, ATTENDED, WANTS_TO_ENROLL] as const;
export type TrialStatus = (typeof TRIAL_STATUSES)[number];

export const TRIAL_ORIGINS = ["Google Ads", "Facebook Ads", "Indicação", "Outros"] as const;
export const DEFAULT_ORIGIN = "Outros";

/** The funnel's end (issue 29): beside the status, an outcome; null is open. */
export const ENROLLED = "Matriculado";
export const LOST = "Perdido";
export const TRIAL_OUTCOMES = [ENROLLED, LOST] as const;
/** The outcome filter of the lists: `open` or one outcome. */
export const OUTCOME_FILTERS = ["open", ...TRIAL_OUTCOMES] as const;
/** A history entry of an outcome change: enrolled, lost, or reopened. */
export const REOPENED = "Reaberto";
export const HISTORY_OUTCOMES = [ENROLLED, LOST, REOPENED] as const;

export const LOST_REASONS = [
  "Preço",
  "Horário",
  "Distância",
  "Não gostou da aula",
  "Sem resposta",
  "Escolheu outra escola",
  "Outro",
] as const;
