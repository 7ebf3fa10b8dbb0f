import { describe, expect, it } from "vitest";
import { calendarDate, calendarMonth, isCalendarDate, isMonth, normalizeMonth, optionalCpf, requiredEmail, requiredString } from "./fields";
import { monthField } from "./charges/schema";
import { MONTH_INPUT_PATTERN } from "./patterns";

describe("shared fields", () => {
  it("requiredString trims, drops control characters and reports the given message", () => {
    const name = requiredString("Nome é obrigatório");
    expect(name.parse("  Ana\u0000 Lima ")).toBe("Ana Lima");
    expect(name.safeParse("\u0000 ").error?.issues[0].message).toBe("Nome é obrigatório");
    expect(name.safeParse(undefined).error?.issues[0].message).toBe("Nome é obrigatório");
  });
  it("requiredEmail lower-cases and rejects malformed addresses", () => {
    const email = requiredEmail("E-mail é obrigatório");
    expect(email.parse(" Ana@Escola.COM ")).toBe("ana@escola.com");
    expect(email.safeParse("ana@").error?.issues[0].message).toBe("Por favor, insira um e-mail válido");
    expect(email.safeParse("").error?.issues[0].message).toBe("E-mail é obrigatório");
  });
  it("optionalCpf accepts the mask, stores digits, and treats blank as none", () => {
    expect(optionalCpf.parse("123.456.789-01")).toBe("12345678901");
    expect(optionalCpf.parse("")).toBeUndefined();
    expect(optionalCpf.safeParse("123").error?.issues[0].message).toBe("CPF deve conter exatamente 11 dígitos");
    expect(optionalCpf.safeParse("abc.def.ghi-jk").success).toBe(false);
  });

  it("a date is a real calendar day from 1900-01-01 to 2100-12-31, one definition for every field", () => {
    const accepted = ["1900-01-01", "2024-02-29", "2026-11-30", "2100-12-31"];
    const refused = [
      "0001-01-01",
      "9999-12-31",
      "+010000-01-01",
      "1899-12-31",
      "2101-01-01",
      "2100-02-29", // 2100 is not a leap year
      "2023-02-29",
      "2015-02-30",
      "2026-04-31",
      "2026-13-01",
      "30/11/2026",
      "2026-11-30T00:00:00Z",
      "",
    ];
    for (const value of accepted) expect([value, isCalendarDate(value)]).toEqual([value, true]);
    for (const value of refused) expect([value, isCalendarDate(value)]).toEqual([value, false]);
    expect(isCalendarDate(20261130)).toBe(false);
    expect(isCalendarDate(null)).toBe(false);

    const field = calendarDate();
    expect(field.parse(" 2024-02-29 ")).toBe("2024-02-29");
    for (const value of [...refused, 20261130, null, undefined, "x".repeat(1_000)]) {
      expect(field.safeParse(value).error?.issues.map((i) => i.message)).toEqual(["Data inválida"]);
    }
    // A field keeps its own message.
    expect(calendarDate("Data de nascimento inválida").safeParse("1899-12-31").error?.issues[0].message).toBe(
      "Data de nascimento inválida",
    );
  });

  it("a month is 'YYYY-MM' from 1900-01 to 2100-12", () => {
    for (const value of ["1900-01", "2024-02", "2100-12"]) expect(isMonth(value)).toBe(true);
    for (const value of ["1899-12", "2101-01", "9999-12", "0001-01", "+10000-01", "2026-13", "2026-00", "2026-1", "", null]) {
      expect([value, isMonth(value)]).toEqual([value, false]);
    }
    expect(calendarMonth().safeParse("9999-12").error?.issues[0].message).toBe("Mês inválido (use AAAA-MM)");
    expect(calendarMonth().parse("2026-11")).toBe("2026-11");
  });
});

describe("a month typed as text (no month picker)", () => {
  it("reads 'YYYY-MM' and 'MM/YYYY' as 'YYYY-MM', nothing else", () => {
    expect(normalizeMonth("2026-11")).toBe("2026-11");
    expect(normalizeMonth("11/2026")).toBe("2026-11");
    expect(normalizeMonth(" 1/2027 ")).toBe("2027-01");
    for (const value of ["13/2026", "2026-13", "11-2026", "2026/11", "", "11/26", null, 202611]) {
      expect([value, normalizeMonth(value)]).toEqual([value, null]);
    }
    expect(monthField.parse("11/2026")).toBe("2026-11");
    expect(monthField.safeParse("novembro").success).toBe(false);
  });

  it("the input's pattern accepts what the server reads", () => {
    const re = new RegExp(`^(?:${MONTH_INPUT_PATTERN})$`, "v");
    for (const value of ["2026-11", "11/2026", "1/2027"]) expect(re.test(value)).toBe(true);
    expect(re.test("nov/2026")).toBe(false);
  });
});
