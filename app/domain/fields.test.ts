import { describe, expect, it } from "vitest";
import { optionalCpf, requiredEmail, requiredString } from "./fields";

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
});
