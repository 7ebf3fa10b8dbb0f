import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DATE_RE, EMAIL_RE, TIME_RE } from "./patterns";
import { UUID_RE } from "./validation";

/**
 * No input can make validation run for long: every string field of every input
 * schema gets 1 MB of text in the shapes that make backtracking patterns blow up,
 * and each parse must finish within 100 ms per megabyte it reads (a form with
 * twenty fields filled at once reads twenty megabytes).
 *
 * The schemas are found, not listed: every zod schema exported by an
 * `app/domain/<entity>/schema.ts` module, walked down to its leaves, so a new
 * schema or a new field is covered without touching this test.
 */

const modules = import.meta.glob<Record<string, unknown>>("./*/schema.ts", { eager: true });

const MB = 1_000_000;
/**
 * One parse of a 1 MB string: linear work takes a few milliseconds on a quiet
 * machine and up to about a hundred on a slow one busy with the typecheck and
 * the build beside it (seen: 107 ms for a field whose digits are extracted); a
 * backtracking pattern takes minutes, a quadratic one hours. The limit is per
 * megabyte of input, so a form with every field filled is not held to the time
 * of one field.
 */
const LIMIT_MS = 500;

function fill(unit: string, size = MB): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** Shapes that break quadratic or exponential patterns: repeated separators and nested-quantifier bait. */
const HOSTILE: Record<string, string> = {
  "e-mail dots": "a@" + fill(".") + "@",
  "e-mail dots, no end": "a@" + fill("."),
  "at signs": fill("@"),
  "local parts": fill("a@a."),
  dots: fill("."),
  dashes: fill("-"),
  colons: fill(":"),
  "digits then junk": fill("1") + "x",
  "digit groups": fill("1.") + "!",
  "date bait": fill("2026-") + "x",
  "time bait": fill("12:") + "x",
  spaces: "a" + fill(" ") + "a",
  "tabs and newlines": fill("\t\n"),
  "letters then junk": fill("a") + "!",
  "url bait": "http://" + fill("a.") + "/" + fill("/", 1000),
  "control characters": fill("\u0000\u0001"),
  semicolons: fill("; "),
  "mask bait": fill("1.-") + "x",
  commas: fill("1,") + "x",
};

type Path = Array<string | number>;

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
}

function isSchema(value: unknown): value is z.ZodType & ZodInternals {
  return value instanceof z.ZodType;
}

/** Every leaf of a schema, as paths into the input it reads (arrays as their first element). */
function leafPaths(schema: unknown, prefix: Path = [], seen = new Set<unknown>()): Path[] {
  if (!isSchema(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const down = (inner: unknown, path = prefix) => leafPaths(inner, path, new Set(seen));
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      const paths = Object.entries(shape).flatMap(([key, field]) => down(field, [...prefix, key]));
      return paths.length ? paths : [prefix];
    }
    case "array":
      return down(def.element, [...prefix, 0]);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return down(def.innerType);
    case "pipe": {
      // z.preprocess and .transform are pipes: the input side reads the value, the output side may read it again.
      const seenPaths = new Map<string, Path>();
      for (const p of [...down(def.in), ...down(def.out)]) seenPaths.set(JSON.stringify(p), p);
      return seenPaths.size ? [...seenPaths.values()] : [prefix];
    }
    case "union": {
      const seenPaths = new Map<string, Path>();
      for (const option of def.options as unknown[]) for (const p of down(option)) seenPaths.set(JSON.stringify(p), p);
      return seenPaths.size ? [...seenPaths.values()] : [prefix];
    }
    case "intersection":
      return [...down(def.left), ...down(def.right)];
    default:
      return [prefix];
  }
}

function inputWith(paths: Path[], value: string): unknown {
  const root: Record<string | number, unknown> = {};
  for (const path of paths) {
    if (path.length === 0) return value;
    let node: Record<string | number, unknown> = root;
    path.forEach((key, i) => {
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const nextIsIndex = typeof path[i + 1] === "number";
      node[key] ??= nextIsIndex ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    });
  }
  return root;
}

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isSchema(value))
    .map(([name, value]) => ({ name: `${file.replace(/^\.\//, "")} ${name}`, schema: value as z.ZodType })),
);

/**
 * The fastest of up to three runs: on a busy machine one run can lose a few
 * hundred milliseconds to a GC pause or another process, never all three;
 * a backtracking pattern on 1 MB takes minutes, every time.
 */
function timed(fn: () => void, limit = LIMIT_MS): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 3 && best > limit; attempt++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("validation runs in linear time", () => {
  it("finds the input schemas", () => {
    // A guard against the glob silently matching nothing.
    expect(schemas.length).toBeGreaterThan(20);
    expect(schemas.map((s) => s.name)).toEqual(
      expect.arrayContaining(["users/schema.ts loginSchema", "guardians/schema.ts guardianSchema"]),
    );
  });

  it.each(schemas)("$name: 1 MB of hostile text in every field is refused quickly", ({ schema }) => {
    const paths = leafPaths(schema);
    expect(paths.length).toBeGreaterThan(0);
    const slow: string[] = [];
    for (const [shape, text] of Object.entries(HOSTILE)) {
      // One field at a time (the others absent), then every field at once.
      const inputs = [
        ...paths.map((p) => ({ input: inputWith([p], text), fields: 1 })),
        { input: inputWith(paths, text), fields: paths.length },
      ];
      for (const { input, fields } of inputs) {
        const limit = LIMIT_MS * fields;
        const ms = timed(() => schema.safeParse(input), limit);
        if (ms > limit) slow.push(`${shape} in ${JSON.stringify(Object.keys(input as object))}: ${ms.toFixed(0)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });

  it("the shared patterns answer 1 MB of hostile text quickly", () => {
    for (const re of [EMAIL_RE, TIME_RE, DATE_RE, UUID_RE]) {
      for (const [shape, text] of Object.entries(HOSTILE)) {
        const ms = timed(() => re.test(text));
        expect(ms, `${re} on ${shape}`).toBeLessThan(LIMIT_MS);
      }
    }
  });

  it("the e-mail pattern accepts and refuses what it did before", () => {
    for (const ok of ["a@b.c", "ana.lima@escola.com.br", "a+b@x.y", "a@.b.c", "a@b..c", "a@b.c."]) expect(EMAIL_RE.test(ok), ok).toBe(true);
    for (const bad of ["", "a", "a@", "@b.c", "a@b", "a@.b", "a@b.", "a b@c.d", "a@b@c.d", "a@b .c", "a@bc"]) {
      expect(EMAIL_RE.test(bad), bad).toBe(false);
    }
  });
});
