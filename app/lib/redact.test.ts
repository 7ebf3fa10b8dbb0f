import { describe, expect, it } from "vitest";
import { holdsValue, redactText, valuesPattern } from "./redact";

describe("redactText", () => {
  const pattern = valuesPattern(["Maria  da Silva", "12345678909", "11987654321", "ana@exemplo.com", "Rui"]);

  it("finds names whatever their case and spacing, and CPFs and phones with or without their masks", () => {
    expect(redactText("Pago por MARIA DA SILVA, CPF 123.456.789-09", pattern, "[x]")).toBe("Pago por [x], CPF [x]");
    expect(redactText("Fone (11) 98765-4321 ou 11 98765 4321 ou 11987654321", pattern, "[x]")).toBe("Fone [x] ou [x] ou [x]");
    expect(redactText("Recibo para Ana@Exemplo.com", pattern, "[x]")).toBe("Recibo para [x]");
  });

  it("leaves values too short to tell apart, and text without any value, as they are", () => {
    expect(redactText("Rui pagou", pattern, "[x]")).toBe("Rui pagou");
    expect(redactText("Mensalidade 11/2026 — Ballet", pattern, "[x]")).toBe("Mensalidade 11/2026 — Ballet");
    expect(holdsValue("Mensalidade", pattern)).toBe(false);
    expect(holdsValue("cpf 123 456 789 09", pattern)).toBe(true);
    expect(valuesPattern(["", "abc"])).toBeNull();
  });
});
