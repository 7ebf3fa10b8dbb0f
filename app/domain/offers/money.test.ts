import { describe, expect, it } from "vitest";
import { centsToDecimal, normalizeDecimal, toCents } from "./money";
import { offerSchema } from "./schema";

describe("money as integer cents", () => {
  it("parses typed text and JSON numbers without float artefacts", () => {
    expect(toCents("189.90")).toBe(18990);
    expect(toCents("189,9")).toBe(18990);
    expect(toCents(189.9)).toBe(18990);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents("1.005")).toBe(101);
    expect(toCents(1.005)).toBe(101);
    expect(toCents("99999999.99")).toBe(9_999_999_999);
    expect(toCents(".5")).toBe(50);
    expect(toCents("abc")).toBeNull();
    expect(toCents("")).toBeNull();
    expect(toCents("1e3")).toBeNull();
    expect(toCents(1e-9)).toBe(0);
  });

  it("formats cents with two decimals and normalises stored values", () => {
    expect(centsToDecimal(18990)).toBe("189.90");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(normalizeDecimal(189.9)).toBe("189.90");
    expect(normalizeDecimal("189.90")).toBe("189.90");
    expect(normalizeDecimal(0.30000000000000004)).toBe("0.30");
  });

  it("validates the monthly value with the §5 message", () => {
    const base = { name: "Plano", checkoutLink: "https://pay.example.com/x", branchId: "b" };
    expect(offerSchema.parse({ ...base, monthlyValue: 0.1 + 0.2 }).monthlyValue).toBe("0.30");
    for (const bad of ["0", "-1", "abc", "", "0.004", null]) {
      const r = offerSchema.safeParse({ ...base, monthlyValue: bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe("Valor mensal deve ser maior que zero");
    }
    expect(offerSchema.safeParse({ ...base, monthlyValue: "100000000" }).success).toBe(false);
  });
});
