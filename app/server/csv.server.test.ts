import { describe, expect, it } from "vitest";
import { csvAnswer, csvDay, csvDecimal, csvPhone } from "./csv.server";

async function read(answer: ReturnType<typeof csvAnswer>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for (let chunk = await answer.pull!(); chunk; chunk = await answer.pull!()) chunks.push(chunk);
  return chunks;
}

describe("csvAnswer", () => {
  it("writes a BOM once, ';' between cells, CRLF, quotes and formula-leading cells escaped", async () => {
    const rows = [
      { name: 'João; "Zé"', total: csvDecimal(1234.5), day: csvDay("2026-11-21") },
      { name: "=HYPERLINK(1)", total: csvDecimal("-3"), day: csvDay(null) },
      { name: "@x", total: "+1", day: "\tz" },
    ];
    const answer = csvAnswer(
      "famílias.csv",
      [
        { header: "Nome", value: (r: (typeof rows)[number]) => r.name },
        { header: "Total", value: (r) => r.total },
        { header: "Data", value: (r) => r.day },
      ],
      rows,
    );
    expect(answer.headers["Content-Type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["Content-Disposition"]).toBe('attachment; filename="fam_lias.csv"');
    const bytes = Buffer.concat(await read(answer));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe(
      'Nome;Total;Data\r\n"João; ""Zé""";1.234,50;21/11/2026\r\n\'=HYPERLINK(1);\'-3,00;\r\n\'@x;\'+1;\'\tz\r\n',
    );
  });

  it("pulls the rows in batches, so a long file is never whole in memory", async () => {
    let produced = 0;
    async function* many() {
      for (let i = 0; i < 1200; i++) {
        produced++;
        yield { i };
      }
    }
    const answer = csvAnswer("n.csv", [{ header: "n", value: (r: { i: number }) => r.i }], many());
    const first = await answer.pull!();
    expect(first).not.toBeNull();
    expect(produced).toBeLessThan(600);
    const rest = await read(answer);
    const text = Buffer.concat([first!, ...rest]).toString("utf8");
    expect(text.trim().split("\r\n")).toHaveLength(1201);
    expect(await answer.pull!()).toBeNull();
  });
});

describe("csvPhone", () => {
  it("writes a stored phone as people write it, text to Excel (blank for none, anything else as stored)", () => {
    expect(csvPhone("11980023307")).toBe("(11) 98002-3307");
    expect(csvPhone("1133334444")).toBe("(11) 3333-4444");
    expect(csvPhone(null)).toBe("");
    expect(csvPhone("")).toBe("");
    expect(csvPhone("5511980023307")).toBe("5511980023307");
  });
});
