/** One choice of a picker: the id posted, the name shown, a note beside it and a detail under it. */
export interface PickerOption {
  id: string;
  label: string;
  detail?: string | null;
  /** A short note after the name, e.g. '(mesmo WhatsApp)'. */
  badge?: string | null;
  /** A note that warns (e.g. 'WhatsApp diferente do cadastro'), shown as such. */
  badgeWarns?: boolean;
}

/** What a picker's route loader answers for `?<searchName>=…` (the matches of the term). */
export interface PickerMatches {
  matches: PickerOption[];
}
