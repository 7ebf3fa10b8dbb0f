const WEEKDAY_NAMES = ["Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"];
const MONTH_NAMES = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

/** The roll call's URL for one session of a class. */
export function rollCallUrl(classId: string, session: { date: string; scheduleId: string }): string {
  return `/classes/${classId}/attendance?${new URLSearchParams({ date: session.date, scheduleId: session.scheduleId })}`;
}

/** 'Quarta-feira, 25 de novembro de 2026' (from the string: no time zone can shift the day; no date library in the bundle). */
export function sessionDayLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAY_NAMES[weekday]}, ${d} de ${MONTH_NAMES[m - 1]} de ${y}`;
}

const RECORD_FIELD = /^records\[(\d{1,3})\]\.(enrollmentId|makeupId|status|note)$/;

/** One posted line of the roll call form (the service validates it). */
export type PostedRecord = Partial<Record<"enrollmentId" | "makeupId" | "status" | "note", string>>;

/**
 * The roll call form's lines, `records[i].enrollmentId | makeupId | status | note`,
 * in their order; anything else posted is ignored (the service checks the rest).
 * Read from the posted form, or from a refused post's values sent back to the page.
 */
export function readRecords(fields: Iterable<[string, FormDataEntryValue]>): PostedRecord[] {
  const lines: PostedRecord[] = [];
  for (const [name, value] of fields) {
    const match = RECORD_FIELD.exec(name);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    const key = match[2] as keyof PostedRecord;
    const line = (lines[index] ??= {});
    line[key] ??= value;
  }
  return lines.filter((line): line is PostedRecord => line !== undefined);
}
