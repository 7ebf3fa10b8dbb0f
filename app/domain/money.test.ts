import { describe, expect, it } from "vitest";
import {
  applyDiscount,
  centsToDecimal,
  centsToReais,
  divideHalfUp,
  hundredthsToPercent,
  MAX_CENTS,
  normalizeDecimal,
  percentOf,
  percentOfCents,
  toCents,
  toHundredths,
} from "./money";
import { money } from "./dto-fields";

describe("money as integer cents", () => {
  it("parses typed text and JSON numbers without float artefacts", () => {
    expect(toCents("189.90")).toBe(18990);
    expect(toCents("189,9")).toBe(18990);
    expect(toCents(189.9)).toBe(18990);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents("1.005")).toBe(101);
    expect(toCents(1.005)).toBe(101);
    expect(toCents("99999999.99")).toBe(MAX_CENTS);
    expect(toCents(".5")).toBe(50);
    expect(toCents("abc")).toBeNull();
    expect(toCents("")).toBeNull();
    expect(toCents("1e3")).toBeNull();
    expect(toCents(1e-9)).toBe(0);
    expect(toCents(null)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });

  it("rounds half up at the third decimal, a tie away from zero", () => {
    expect(toCents("0.004")).toBe(0);
    expect(toCents("0.005")).toBe(1);
    expect(toCents("2.675")).toBe(268);
    expect(toCents("2.6749")).toBe(267);
    expect(toCents("-1.005")).toBe(-101);
    expect(toCents("-0.004")).toBe(-0);
    expect(toCents(" 007,10 ")).toBe(710);
  });

  it("keeps big values exact and caps what is out of range", () => {
    expect(toCents("123456789012.34")).toBe(12_345_678_901_234);
    expect(toCents("1234567890123")).toBe(Number.MAX_SAFE_INTEGER);
    expect(toCents("-1234567890123")).toBe(-Number.MAX_SAFE_INTEGER);
    expect(toCents(1e21)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("formats cents with two decimals and normalises stored values", () => {
    expect(centsToDecimal(18990)).toBe("189.90");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(-18990)).toBe("-189.90");
    expect(centsToDecimal(MAX_CENTS)).toBe("99999999.99");
    expect(normalizeDecimal(189.9)).toBe("189.90");
    expect(normalizeDecimal("189.90")).toBe("189.90");
    expect(normalizeDecimal(0.30000000000000004)).toBe("0.30");
    expect(normalizeDecimal(null)).toBe("0.00");
    expect(centsToReais(18990)).toBe(189.9);
    expect(centsToReais(-1)).toBe(-0.01);
  });

  it("reads percentages in hundredths", () => {
    expect(toHundredths("2.00")).toBe(200);
    expect(toHundredths(0.33)).toBe(33);
    expect(toHundredths("12,5")).toBe(1250);
    expect(toHundredths(null)).toBe(0);
    expect(hundredthsToPercent(33)).toBe(0.33);
    expect(hundredthsToPercent(200)).toBe(2);
  });

  it("describes an amount in the API as text with two decimals", () => {
    expect(money.safeParse("189.90").success).toBe(true);
    expect(money.safeParse("-0.05").success).toBe(true);
    expect(money.safeParse("189.9").success).toBe(false);
    expect(money.safeParse(189.9).success).toBe(false);
  });
});

describe("divideHalfUp", () => {
  it("rounds a tie up, the rest to the nearest", () => {
    expect(divideHalfUp(5, 2)).toBe(3);
    expect(divideHalfUp(3, 2)).toBe(2);
    expect(divideHalfUp(4, 3)).toBe(1);
    expect(divideHalfUp(5, 3)).toBe(2);
    expect(divideHalfUp(0, 7)).toBe(0);
    expect(divideHalfUp(10n, 4n)).toBe(3);
  });

  it("rounds a negative tie away from zero, like toCents", () => {
    expect(divideHalfUp(-5, 2)).toBe(-3);
    expect(divideHalfUp(5, -2)).toBe(-3);
    expect(divideHalfUp(-5, -2)).toBe(3);
    expect(divideHalfUp(-5, 4)).toBe(-1);
    expect(divideHalfUp(-7, 4)).toBe(-2);
  });

  it("rounds to decimal places exactly where floats miss the tie", () => {
    // 201 / 4 = 50.25 exactly; (201 / 400) * 1000 is 502.49999999999994 in floats.
    expect(divideHalfUp(201, 4, 1)).toBe(50.3);
    expect(divideHalfUp(1, 3, 4)).toBe(0.3333);
    expect(divideHalfUp(2, 3, 4)).toBe(0.6667);
    expect(divideHalfUp(57, 800, 4)).toBe(0.0713);
  });

  it("keeps products beyond 2^53 exact", () => {
    // 99 999 999,99 × 1 % × 9 999 days / 30 = 333 299 999,966 67: the product 9 998 999 999 000 100 is past 2^53.
    expect(divideHalfUp(BigInt(MAX_CENTS) * 100n * 9_999n, 300_000n)).toBe(33_329_999_997);
  });

  it("refuses what is not an integer, and a zero divisor", () => {
    expect(() => divideHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError);
  });
});

describe("percentages of an amount", () => {
  it("a fine: R$ 1.000,00 × 2 % = 20,00; 0,25 × 2 % = 0,005 → 0,01; 0,24 × 2 % = 0,0048 → 0,00", () => {
    expect(percentOfCents(100_000, 200)).toBe(2_000);
    expect(percentOfCents(25, 200)).toBe(1);
    expect(percentOfCents(24, 200)).toBe(0);
  });

  it("interest: R$ 1.000,00 × 1 % × 10 / 30 = 3,333… → 3,33; 150,00 × 1 % × 1 / 30 = 0,05; 10,01 × 1 % × 15 / 30 = 0,05005 → 0,05", () => {
    expect(percentOfCents(100_000, 100, 10, 30)).toBe(333);
    expect(percentOfCents(15_000, 100, 1, 30)).toBe(5);
    expect(percentOfCents(1_001, 100, 15, 30)).toBe(5);
    expect(percentOfCents(100_000, 100, 20, 30)).toBe(667);
  });

  it("a discount: 10 % off 189,90 = 170,91; 12,5 % off 0,10 = 0,0875 → 0,09; 100 % off = 0; 0 % off = all", () => {
    expect(applyDiscount(18_990, 1_000)).toBe(17_091);
    expect(applyDiscount(10, 1_250)).toBe(9);
    expect(applyDiscount(18_990, 10_000)).toBe(0);
    expect(applyDiscount(18_990, 0)).toBe(18_990);
    expect(applyDiscount(MAX_CENTS, 1)).toBe(9_998_999_999);
  });

  it("a share of a whole: 1 of 3 = 33.3 %, 2 of 3 = 66.7 %, 201 of 400 = 50.3 %; whole percents 2 of 3 = 67, 1 of 8 = 13", () => {
    expect(percentOf(1, 3, 1)).toBe(33.3);
    expect(percentOf(2, 3, 1)).toBe(66.7);
    expect(percentOf(201, 400, 1)).toBe(50.3);
    expect(percentOf(0, 5, 1)).toBe(0);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13);
    expect(percentOf(5, 4)).toBe(125);
  });
});
