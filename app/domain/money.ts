/**
 * Money, the one module (ADR 013). Amounts are integer cents in memory and in
 * the charges' and payments' `amountCents` columns (an offer's value is a
 * DECIMAL(10,2)), and decimal strings ("189.90") in the API;
 * percentages are integer hundredths of a percent (2 % → 200, 0.33 % → 33),
 * DECIMAL(5,2) in the database. Every rounding is half up (a tie goes away
 * from zero) and exact: decimals are parsed digit by digit and divisions are
 * done on integers (BigInt, so no product loses precision), never on floats,
 * so 189.90 stays 189.90 and 0.1 + 0.2 never turns into 0.30000000000000004.
 * Pure: no database and no zod (the screens' bundles import it: the API's
 * `money` field is in `app/domain/dto-fields.ts`), importable by the browser
 * and by every domain folder.
 * Display formats (R$ 189,90) are `formatBRL` in `app/lib/format.ts`.
 */

/** Largest DECIMAL(10,2) value, in cents (99999999.99). */
export const MAX_CENTS = 9_999_999_999;

const DECIMAL_RE = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/**
 * Parses "189.90", "189,9", "1e2"-free decimals or a number into cents, rounding
 * half up at the third decimal. Returns null for anything that is not a number.
 * The same parse reads a percentage into hundredths (`toHundredths`).
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

/** Cents → reais as a number (18990 → 189.9), for what takes a number: a chart, `formatBRL`, the Pix code. */
export function centsToReais(cents: number): number {
  return Number(centsToDecimal(cents));
}

/**
 * A percentage ("2.00", 0.33, a stored DECIMAL(5,2)) → hundredths of a percent
 * (200, 33), half up at the third decimal; 0 for anything that is not a number.
 */
export function toHundredths(value: unknown): number {
  return toCents(value) ?? 0;
}

/** Hundredths of a percent → the percentage as a number (33 → 0.33), as the API gives it. */
export function hundredthsToPercent(hundredths: number): number {
  return hundredths / 100;
}

/**
 * n ÷ d rounded half up (a tie away from zero) to `decimals` places, exactly:
 * n and d are integers (a fractional one throws), the division is done on
 * BigInt. divideHalfUp(5, 2) = 3, divideHalfUp(-5, 2) = -3, divideHalfUp(201, 4, 1) = 50.3.
 */
export function divideHalfUp(n: bigint | number, d: bigint | number, decimals = 0): number {
  let num = BigInt(n) * 10n ** BigInt(decimals);
  let den = BigInt(d);
  if (den === 0n) throw new RangeError("divideHalfUp: division by zero");
  const negative = num < 0n !== den < 0n;
  if (num < 0n) num = -num;
  if (den < 0n) den = -den;
  const q = (2n * num + den) / (2n * den);
  const scaled = Number(negative ? -q : q);
  return decimals ? scaled / 10 ** decimals : scaled;
}

/**
 * A percentage of an amount in cents, half up to the cent: cents × (hundredths
 * ÷ 10 000) × times ÷ per. A fine of 2 % is `percentOfCents(cents, 200)`; the
 * interest of 1 % a month for 15 days is `percentOfCents(cents, 100, 15, 30)`.
 */
export function percentOfCents(cents: number, hundredths: number, times = 1, per = 1): number {
  return divideHalfUp(BigInt(cents) * BigInt(hundredths) * BigInt(times), 10_000n * BigInt(per));
}

/** An amount less a discount in hundredths of a percent, half up to the cent (10 % of 189,90 off: 170,91; 100 %: 0). */
export function applyDiscount(cents: number, discountHundredths: number): number {
  return percentOfCents(cents, 10_000 - discountHundredths);
}

/**
 * A share of a whole in percent, half up to `decimals` places (the reports:
 * one decimal, 1 of 3 → 33.3; the trials' KPI cards: a whole percent). The
 * caller decides what a whole of 0 gives.
 */
export function percentOf(part: number, whole: number, decimals = 0): number {
  return divideHalfUp(BigInt(part) * 100n, whole, decimals);
}
