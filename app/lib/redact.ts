/**
 * Finding a person's values (names, e-mails, CPFs, phones) inside free text,
 * to take them out when a family is anonymised. Pure: the callers own the rows.
 */

/** Shorter values are not looked for (they would match inside ordinary words). */
const MIN_CHARS = 4;
/** A value with at least this many digits (a CPF, a phone) is also found written with separators ('123.456.789-09', '(11) 98765-4321'). */
const MIN_DIGITS = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One pattern that finds any of the values (letter case and runs of spaces do not count); null when none is worth looking for. */
export function valuesPattern(values: readonly string[]): RegExp | null {
  const parts = new Set<string>();
  for (const raw of values) {
    const value = raw.normalize("NFC").trim();
    if (value.length < MIN_CHARS) continue;
    parts.add(value.split(/\s+/).map(escapeRegExp).join("\\s+"));
    const digits = value.replace(/\D/g, "");
    if (digits.length >= MIN_DIGITS && digits.length >= value.replace(/[\s().+/-]/g, "").length) {
      parts.add(`[(+]?${digits.split("").join("[\\s.()/+-]*")}`);
    }
  }
  if (!parts.size) return null;
  // Longest first: a full name is taken whole before a shorter value inside it.
  const sorted = [...parts].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.join("|"), "giu");
}

/** `text` with every value `pattern` finds replaced by `replacement`. */
export function redactText(text: string, pattern: RegExp | null, replacement: string): string {
  if (!pattern) return text;
  const normal = text.normalize("NFC");
  const out = normal.replace(pattern, replacement);
  return out === normal ? text : out;
}

/** Whether `text` holds any of the values. */
export function holdsValue(text: string, pattern: RegExp | null): boolean {
  if (!pattern) return false;
  pattern.lastIndex = 0;
  const found = pattern.test(text.normalize("NFC"));
  pattern.lastIndex = 0;
  return found;
}
