import { describe, expect, it } from "vitest";
import { auditFieldLabel, formatAuditInstant, formatAuditValue } from "./schema";

describe("the audit trail's values in Brazilian formats", () => {
  const zone = "America/Sao_Paulo";

  it("money, percentages, instants in the school's zone, days, months, yes/no", () => {
    expect(formatAuditValue("amountCents", 123456, zone)).toBe("R$ 1.234,56");
    expect(formatAuditValue("monthlyValue", "189.90", zone)).toBe("R$ 189,90");
    expect(formatAuditValue("discountPercent", "12.50", zone)).toBe("12,5%");
    // 02:30 UTC is still the evening before in São Paulo (UTC-3).
    expect(formatAuditValue("closedAt", "2026-11-21T02:30:00.000Z", zone)).toBe("20/11/2026 23:30");
    expect(formatAuditValue("scheduledDate", "2026-11-21", zone)).toBe("21/11/2026");
    expect(formatAuditValue("competence", "2026-11", zone)).toBe("11/2026");
    expect(formatAuditValue("active", false, zone)).toBe("Não");
    expect(formatAuditValue("note", null, zone)).toBe("—");
    expect(formatAuditValue("name", "Ballet", zone)).toBe("Ballet");
    expect(formatAuditInstant("2026-01-05T15:04:00.000Z", zone)).toBe("05/01/2026 12:04");
  });

  it("names the fields in Portuguese; an unknown one as it is", () => {
    expect(auditFieldLabel("amountCents")).toBe("Valor");
    expect(auditFieldLabel("fullName")).toBe("Nome completo");
    expect(auditFieldLabel("somethingNew")).toBe("somethingNew");
  });
});
