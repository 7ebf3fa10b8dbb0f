import { describe, expect, it } from "vitest";
import { centsToValor, valorToCents } from "./amounts";

describe("amounts of the API Pix", () => {
  it("cents ↔ the standard's two-decimal text", () => {
    expect(centsToValor(18990)).toBe("189.90");
    expect(centsToValor(5)).toBe("0.05");
    expect(centsToValor(100_000_000)).toBe("1000000.00");
    expect(valorToCents("189.90")).toBe(18990);
    expect(valorToCents("0.05")).toBe(5);
    expect(valorToCents(centsToValor(123456))).toBe(123456);
  });

  it("anything outside the standard's form is refused, not guessed", () => {
    for (const bad of ["189.9", "189,90", "1e2", "-1.00", " 1.00", "", "12345678901.00"]) {
      expect(() => valorToCents(bad), bad).toThrow(/Valor fora do padrão da API Pix/);
    }
  });
});
