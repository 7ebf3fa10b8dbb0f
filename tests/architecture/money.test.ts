import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Money has one module (`app/domain/money.ts`, ADR 013): the cents parser, the
 * half-up division and the percentages live there and nowhere else. A second
 * copy is what this test looks for, line by line: in all of `app/`, a
 * function that parses cents or hundredths or rounds half up, or the BigInt
 * half-up idiom `(2n * n + d) / (2n * d)`; in `app/domain/`, also a
 * `Math.round` that scales by a power of ten and an amount or a percentage
 * scaled by 100 by hand. A screen may still round a ratio for display
 * (`Math.round(rate * 100)` beside a '%').
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const MODULE = "app/domain/money.ts";

interface Rule {
  name: string;
  pattern: RegExp;
  /** Where the rule applies: every file of `app/`, or the domain only. */
  domainOnly: boolean;
}

const RULES: Rule[] = [
  {
    name: "a cents, hundredths or half-up function",
    pattern: /(?:\bfunction\s+|\bconst\s+)\w*(?:[Cc]ents|[Hh]undredths|[Hh]alf[Uu]p)\w*\s*(?:=\s*(?:async\s*)?\(|\(|=\s*\w+\s*=>)/,
    domainOnly: false,
  },
  { name: "the BigInt half-up idiom", pattern: /\b2n\s*\*/, domainOnly: false },
  { name: "Math.round scaled by a power of ten", pattern: /Math\.round\(.*[*/]\s*(?:10|100|1_?000|10_?000|1e\d+)\b/, domainOnly: true },
  {
    name: "cents or a percentage scaled by 100 by hand",
    pattern: /(?:[Cc]ents|Percent|[Hh]undredths)\)*\s*[*/]\s*100\b/,
    domainOnly: true,
  },
];

/** The lines of `files` (path relative to the root → text) that break a rule, as 'path:line rule'. */
function secondCopies(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (file === MODULE || /\.test\.tsx?$/.test(file)) continue;
    const inDomain = file.startsWith("app/domain/");
    text.split("\n").forEach((line, i) => {
      for (const rule of RULES) {
        if ((inDomain || !rule.domainOnly) && rule.pattern.test(line)) found.push(`${file}:${i + 1} ${rule.name}`);
      }
    });
  }
  return found;
}

function appFiles(): Map<string, string> {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return new Map(
    walk(path.join(ROOT, "app"))
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => [path.relative(ROOT, f).split(path.sep).join("/"), fs.readFileSync(f, "utf8")]),
  );
}

describe("money has one module", () => {
  it("no second cents parser or half-up rounding in app/", () => {
    const files = appFiles();
    expect(files.has(MODULE)).toBe(true);
    expect(secondCopies(files)).toEqual([]);
  });

  it("the module's own definitions would be reported anywhere else", () => {
    const text = fs.readFileSync(path.join(ROOT, MODULE), "utf8");
    const found = secondCopies(new Map([["app/domain/charges/money-copy.ts", text]]));
    expect(found.some((f) => f.endsWith("a cents, hundredths or half-up function"))).toBe(true);
    expect(found.some((f) => f.endsWith("the BigInt half-up idiom"))).toBe(true);
  });

  it("reports each planted copy, and nothing on the clean lines", () => {
    const planted = new Map([
      ["app/domain/offers/price.ts", "export function parseCents(value: string): number {\n  return 0;\n}"],
      ["app/routes/charges/x.tsx", "const toHundredths = (v: unknown) => Number(v);"],
      ["app/features/charges/y.ts", "const fee = Number((2n * BigInt(p) * 200n + 10_000n) / 20_000n);"],
      ["app/domain/reports/z.ts", "return Math.round((part / whole) * 1000) / 10;"],
      ["app/domain/charges/w.ts", "finePercent: Math.round(current.finePercent * 100),\ntotal: row.amountCents / 100,"],
      [
        "app/domain/clean.ts",
        [
          "const amountCents = applyDiscount(value, toHundredths(r.discountPercent));",
          "return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);",
          "const cents = toCents(value) ?? 0;",
          "const pct = percentOf(part, whole, 1);",
        ].join("\n"),
      ],
      ["app/routes/dashboard.tsx", "({Math.round(money.overdueRate * 100)}%)"],
      [MODULE, "export function toCents(value: unknown) {}"],
    ]);
    expect(secondCopies(planted)).toEqual([
      "app/domain/offers/price.ts:1 a cents, hundredths or half-up function",
      "app/routes/charges/x.tsx:1 a cents, hundredths or half-up function",
      "app/features/charges/y.ts:1 the BigInt half-up idiom",
      "app/domain/reports/z.ts:1 Math.round scaled by a power of ten",
      "app/domain/charges/w.ts:1 Math.round scaled by a power of ten",
      "app/domain/charges/w.ts:1 cents or a percentage scaled by 100 by hand",
      "app/domain/charges/w.ts:2 cents or a percentage scaled by 100 by hand",
    ]);
  });
});
