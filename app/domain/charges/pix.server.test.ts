import { describe, expect, it } from "vitest";
import { parsePix } from "pix-utils";
import { brCode, brCodeFields, pixTextHasLetters, PixUnavailableError } from "./pix.server";

/** The top-level EMV fields of a code, read here by hand (id, two-digit length, value), independent of the module's reader. */
function tags(code: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let at = 0; at < code.length;) {
    const length = Number(code.slice(at + 2, at + 4));
    out[code.slice(at, at + 2)] = code.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return out;
}

const base = { pixKey: "financeiro@escola.com.br", payeeName: "Escola de Dança Ávila", payeeCity: "São Paulo", txid: "M0000123" };

describe("brCode", () => {
  it("always carries the amount (54) and the payee's name (59), accents stripped, with a valid CRC", () => {
    const code = brCode({ ...base, amountCents: 18_990 });
    const fields = tags(code);
    expect(fields["54"]).toBe("189.90");
    expect(fields["59"]).toBe("ESCOLA DE DANCA AVILA");
    expect(fields["60"]).toBe("SAO PAULO");
    expect(brCodeFields(code)?.get("54")).toBe("189.90");
    expect(parsePix(code)).toMatchObject({ type: "STATIC", transactionAmount: 189.9, merchantName: "ESCOLA DE DANCA AVILA" });
  });

  it("one cent still carries its amount", () => {
    expect(tags(brCode({ ...base, amountCents: 1 }))["54"]).toBe("0.01");
  });

  it.each([
    ["a zero amount (the library would leave 54 out)", { amountCents: 0 }],
    ["a negative amount", { amountCents: -100 }],
    ["a name of symbols only (the library would leave 59 out)", { payeeName: "!!! ***", amountCents: 100 }],
    ["an empty name", { payeeName: "", amountCents: 100 }],
    ["a name of digits only", { payeeName: "12345", amountCents: 100 }],
    ["a city of symbols only", { payeeCity: "---", amountCents: 100 }],
  ])("makes no code for %s: PixUnavailableError", (_what, change) => {
    expect(() => brCode({ ...base, ...{ amountCents: 100 }, ...change })).toThrow(PixUnavailableError);
  });
});

describe("pixTextHasLetters", () => {
  it("keeps letters after accents and symbols go", () => {
    expect(pixTextHasLetters("São José", 15)).toBe(true);
    expect(pixTextHasLetters("Ç", 15)).toBe(true);
    expect(pixTextHasLetters("!!!", 25)).toBe(false);
    expect(pixTextHasLetters("´`^~", 25)).toBe(false);
    expect(pixTextHasLetters("日本", 25)).toBe(false);
    expect(pixTextHasLetters("123", 25)).toBe(false);
    // Only what the field carries counts: letters after the 25th character are cut off.
    expect(pixTextHasLetters(`${"1".repeat(30)} Escola`, 25)).toBe(false);
    expect(brCodeFields(brCode({ ...base, payeeName: `${"!".repeat(30)} Escola`, amountCents: 100 }))?.get("59")).toBe("ESCOLA");
  });
});
