import { describe, expect, it } from "vitest";
import { scopeSubtitle } from "./scope";

describe("scopeSubtitle", () => {
  it("names the branch and the month, capitalised", () => {
    expect(scopeSubtitle("Unidade Centro", "2026-11")).toBe("Unidade Centro · Novembro de 2026");
    expect(scopeSubtitle(null, "2026-03")).toBe("Todas as unidades · Março de 2026");
    expect(scopeSubtitle("", "2027-01", "2027-01")).toBe("Todas as unidades · Janeiro de 2027");
  });

  it("names a period's first and last months", () => {
    expect(scopeSubtitle("Unidade Jardins", "2026-06", "2026-11")).toBe("Unidade Jardins · Junho de 2026 a Novembro de 2026");
  });
});
