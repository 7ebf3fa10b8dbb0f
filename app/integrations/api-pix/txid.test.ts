import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TXID_PATTERN } from "./schema";
import { txidFor } from "./txid";

describe("txidFor", () => {
  it("the charge's code, then letters and digits from its id: 35 characters of the cobv pattern", () => {
    const txid = txidFor("M0000123", "3f2b9c1e-8d4a-4b7e-9c2d-1a2b3c4d5e6f");
    expect(txid).toBe("M00001233f2b9c1e8d4a4b7e9c2d1a2b3c4");
    expect(txid).toMatch(TXID_PATTERN);
  });

  it("drops what the code has outside [a-zA-Z0-9]", () => {
    expect(txidFor("A-2026/001 ç", "3f2b9c1e-8d4a-4b7e-9c2d-1a2b3c4d5e6f")).toBe("A20260013f2b9c1e8d4a4b7e9c2d1a2b3c4");
  });

  it("the same charge always gets the same txid; another charge another one", () => {
    const id = "0e4d6a2c-0000-4000-8000-000000000001";
    expect(txidFor("M0000001", id)).toBe(txidFor("M0000001", id));
    expect(txidFor("M0000001", id)).not.toBe(txidFor("M0000002", "0e4d6a2c-0000-4000-8000-000000000002"));
  });

  it("any code and id give a txid of the pattern that starts with the code's letters and digits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (code, id) => {
        const txid = txidFor(code, id);
        expect(txid).toMatch(TXID_PATTERN);
        const clean = code.replace(/[^a-zA-Z0-9]/g, "").slice(0, 25);
        expect(txid.startsWith(clean)).toBe(true);
        expect(txidFor(code, id)).toBe(txid);
      }),
    );
  });
});
