import { describe, expect, it } from "vitest";
import { formatBRL, formatCpf, formatPhone, maskCpfInput, onlyDigits } from "./format";

describe("formatCpf", () => {
  it("formats 11 digits as 000.000.000-00", () => {
    expect(formatCpf("12345678901")).toBe("123.456.789-01");
  });
  it("shows '-' when empty", () => {
    expect(formatCpf("")).toBe("-");
    expect(formatCpf(null)).toBe("-");
  });
  it("masks partial input while typing and stops at 14 characters", () => {
    expect(maskCpfInput("1234")).toBe("123.4");
    expect(maskCpfInput("1234567")).toBe("123.456.7");
    expect(maskCpfInput("123456789012345")).toBe("123.456.789-01");
    expect(maskCpfInput("123456789012345")).toHaveLength(14);
  });
});

describe("formatPhone", () => {
  it("masks a mobile number as (DD) NNNNN-NNNN", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("(11) 98765-4321")).toBe("(11) 98765-4321");
    expect(formatPhone("11987654321").length).toBe(15);
  });
  it("masks a landline and partial input", () => {
    expect(formatPhone("1133334444")).toBe("(11) 3333-4444");
    expect(formatPhone("119")).toBe("(11) 9");
  });
});

describe("formatBRL", () => {
  it("formats pt-BR currency", () => {
    expect(formatBRL("189.90")).toBe("R$ 189,90");
    expect(formatBRL(1234.5)).toBe("R$ 1.234,50");
  });
  it("shows R$ 0,00 for non-numeric values", () => {
    expect(formatBRL("abc")).toBe("R$ 0,00");
    expect(formatBRL(null)).toBe("R$ 0,00");
  });
});

describe("onlyDigits", () => {
  it("drops everything but digits", () => expect(onlyDigits("(11) 9-8")).toBe("1198"));
});
