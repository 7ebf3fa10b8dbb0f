import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { LOST_NOTE_INVALID, LOST_NOTE_TOO_LONG, trialLoseSchema } from "./schema";

/** 'Marcar como perdido': the note is optional; only a note too long or not text is refused, each with its own message. */
describe("trialLoseSchema's note", () => {
  const reason = { lostReason: "Preço" };
  const noteErrors = (input: unknown) => {
    const result = trialLoseSchema.safeParse(input);
    return result.success ? [] : result.error.issues.filter((i) => i.path[0] === "note").map((i) => i.message);
  };

  it("empty, blank, absent or null is no note (null)", () => {
    for (const note of ["", "   ", undefined, null]) {
      expect(trialLoseSchema.parse({ ...reason, note })).toEqual({ lostReason: "Preço", note: null });
    }
    expect(trialLoseSchema.parse(reason)).toEqual({ lostReason: "Preço", note: null });
  });

  it("what the form's parse gives is accepted again (the service parses the action's value once more)", () => {
    const form = new FormData();
    form.set("lostReason", "Preço");
    form.set("note", "");
    const submission = parseWithZod(form, { schema: trialLoseSchema });
    expect(submission.status).toBe("success");
    const value = submission.status === "success" ? submission.value : null;
    expect(trialLoseSchema.parse(value)).toEqual({ lostReason: "Preço", note: null });
  });

  it("a note is trimmed; 500 characters are accepted, 501 refused with 'Observação deve ter no máximo 500 caracteres'", () => {
    expect(trialLoseSchema.parse({ ...reason, note: "  Achou caro  " }).note).toBe("Achou caro");
    expect(trialLoseSchema.parse({ ...reason, note: "a".repeat(500) }).note).toHaveLength(500);
    expect(noteErrors({ ...reason, note: "a".repeat(501) })).toEqual([LOST_NOTE_TOO_LONG]);
    expect(LOST_NOTE_TOO_LONG).toBe("Observação deve ter no máximo 500 caracteres");
  });

  it("a note that is not text is refused with 'Observação inválida'", () => {
    for (const note of [5, true, ["a"], { a: 1 }]) expect(noteErrors({ ...reason, note })).toEqual([LOST_NOTE_INVALID]);
    expect(LOST_NOTE_INVALID).toBe("Observação inválida");
  });
});
