import { describe, expect, it } from "vitest";
import { offerSchema } from "./schema";

describe("the offer's monthly value", () => {
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
