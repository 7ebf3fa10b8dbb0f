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
