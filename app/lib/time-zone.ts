/** The school's time zone when SCHOOL_TIME_ZONE is not set. */
export const DEFAULT_SCHOOL_TIME_ZONE = "America/Sao_Paulo";

/** True for a time zone name this runtime knows ('America/Manaus'; not 'Brasil' nor ''). */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat("en-CA", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
