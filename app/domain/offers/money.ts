/**
 * Money as integer cents. Offer values are DECIMAL(10,2): they are parsed from
 * the typed text (or a JSON number's shortest decimal form) digit by digit, so
 * 189.90 stays 189.90 and 0.1 + 0.2 never turns into 0.30000000000000004.
 */

/** Largest DECIMAL(10,2) value, in cents (99999999.99). */
export const MAX_CENTS = 9_999_999_999;

const DECIMAL_RE = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/**
 * Parses "189.90", "189,9", "1e2"-free decimals or a number into cents, rounding
 * half up at the third decimal. Returns null for anything that is not a number.
 */
export function toCents(value: unknown): number | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = String(value);
    // Exponent forms only appear for magnitudes far outside the money range.
    if (/e/i.test(text)) return Math.abs(value) < 1 ? 0 : value > 0 ? Number.MAX_SAFE_INTEGER : -Number.MAX_SAFE_INTEGER;
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return null;
  }
  const match = DECIMAL_RE.exec(text);
  if (!match) return null;
  const [, sign, intDigits = "", fracDigits = ""] = match;
  if (!intDigits && !fracDigits) return null;
  // Beyond 12 integer digits the value is out of range anyway; avoid unsafe integers.
  const intPart = intDigits.replace(/^0+(?=\d)/, "");
  if (intPart.length > 12) return sign === "-" ? -Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
  const frac = (fracDigits + "000").slice(0, 3);
  let cents = Number(intPart || "0") * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return sign === "-" ? -cents : cents;
}

/** Cents → "189.90" (the API's and the database's form). */
export function centsToDecimal(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${rest}`;
}

/** A stored DECIMAL (string on PostgreSQL, number on SQLite) → "189.90". */
export function normalizeDecimal(value: unknown): string {
  const cents = toCents(value);
  return centsToDecimal(cents ?? 0);
}
