import { describe, expect, it } from "vitest";
import { ageLabel, listHref, listSearch, readListParams } from "./student-screen";
import { formatDay } from "~/domain/calendar/dates";

describe("the students list's URL", () => {
  it("reads the search, a known status and a page, dropping the rest", () => {
    expect(readListParams(new URL("http://x/students?q=%20Ana%20&status=inactive&page=3"))).toEqual({
      q: "Ana",
      status: "inactive",
      page: 3,
    });
    expect(readListParams(new URL("http://x/students?status=all&page=-2"))).toEqual({ q: "", status: null, page: 1 });
    expect(readListParams(new URL(`http://x/students?q=${"a".repeat(300)}&page=x`)).q).toHaveLength(100);
  });

  it("writes only what differs from the defaults, and a dialog goes back to the same list", () => {
    expect(listHref({ q: "", status: null, page: 1 })).toBe("/students");
    expect(listHref({ q: "Ana Lú", status: "active", page: 2 })).toBe("/students?q=Ana+L%C3%BA&status=active&page=2");
    expect(listSearch(new URL("http://x/students/new?q=Bia&page=2&guardianQ=x"))).toBe("?q=Bia&page=2");
    expect(listSearch(new URL("http://x/students/new"))).toBe("");
  });
});

describe("what a row shows", () => {
  it("ages in years, dates as dd/mm/aaaa", () => {
    expect(ageLabel(null)).toBe("-");
    expect(ageLabel(1)).toBe("1 ano");
    expect(ageLabel(8)).toBe("8 anos");
    expect(formatDay("2026-12-07")).toBe("07/12/2026");
    expect(formatDay(null)).toBe("-");
  });
});
