import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The project's own ESLint configuration (eslint.config.js) catches what it says it
// catches: each planted fault below is reported by its rule, and the same component
// written correctly gets no message at all.
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file `file` of the project (its path picks the rules). */
async function lint(code: string, file = "app/components/planted.tsx") {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, line: m.line, severity: m.severity }));
}

const clean = `import { useEffect, useState } from "react";

export function Planted({ query }: { query: string }) {
  const [matches, setMatches] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    fetch("/search?q=" + encodeURIComponent(query))
      .then((res) => res.json())
      .then((found: string[]) => {
        if (live) setMatches(found);
      });
    return () => {
      live = false;
    };
  }, [query]);
  return (
    <form>
      <label htmlFor="planted-term">Termo</label>
      <input id="planted-term" name="term" />
      <img src="/logo.svg" alt="Logo" />
      <ul>{matches.map((m) => <li key={m}>{m}</li>)}</ul>
    </form>
  );
}
`;

describe("the lint configuration", () => {
  // The first lint loads the configuration and its plugins (seconds on a busy machine).
  beforeAll(() => lint(""), 60_000);

  it("passes the clean component with no message", async () => {
    expect(await lint(clean)).toEqual([]);
  });

  it("reports a hook called conditionally (react-hooks/rules-of-hooks)", async () => {
    const planted = clean.replace(
      "  const [matches, setMatches] = useState<string[]>([]);",
      "  if (!query) return null;\n  const [matches, setMatches] = useState<string[]>([]);",
    );
    expect(planted).not.toBe(clean);
    expect(await lint(planted)).toContainEqual({ rule: "react-hooks/rules-of-hooks", line: 5, severity: 2 });
  });

  it("reports an effect that leaves out what it reads (react-hooks/exhaustive-deps, a warning: --max-warnings=0 fails on it)", async () => {
    const planted = clean.replace("  }, [query]);", "  }, []);");
    expect(planted).not.toBe(clean);
    expect(await lint(planted)).toContainEqual({ rule: "react-hooks/exhaustive-deps", line: 15, severity: 1 });
  });

  it("reports an image without alt text and an input without a label (jsx-a11y)", async () => {
    const planted = clean
      .replace('<img src="/logo.svg" alt="Logo" />', '<img src="/logo.svg" />')
      .replace('      <label htmlFor="planted-term">Termo</label>\n', "")
      .replace('<input id="planted-term" name="term" />', '<label>Termo <input name="term" /></label><label htmlFor="nowhere" />');
    expect(planted).not.toBe(clean);
    const rules = (await lint(planted)).map((m) => m.rule);
    expect(rules).toContain("jsx-a11y/alt-text");
    expect(rules).toContain("jsx-a11y/label-has-associated-control");
  });

  it("reports an unused variable and an explicit any (typescript-eslint)", async () => {
    const planted = clean.replace(
      "  const [matches, setMatches] = useState<string[]>([]);",
      "  const [matches, setMatches] = useState<string[]>([]);\n  const unused: any = query;",
    );
    expect(planted).not.toBe(clean);
    const found = await lint(planted);
    expect(found).toContainEqual({ rule: "@typescript-eslint/no-unused-vars", line: 5, severity: 2 });
    expect(found).toContainEqual({ rule: "@typescript-eslint/no-explicit-any", line: 5, severity: 2 });
  });

  it("applies the hook rules to app/ only, where React code lives", async () => {
    const fixture = `export async function fixture(use: (value: number) => Promise<void>) {\n  await use(1);\n}\n`;
    expect(await lint(fixture, "e2e/planted.ts")).toEqual([]);
    expect((await lint(fixture, "app/lib/planted.ts")).map((m) => m.rule)).toContain("react-hooks/rules-of-hooks");
  });
});
