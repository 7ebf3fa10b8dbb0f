import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Screens write their actions with the kit (app/server/forms.server.ts: dialogAction,
// deleteDialogAction, intentAction, formAction), which reads the form and types what a
// save returned. Two things give a screen that bypasses it away:
// - it reads the request's form itself: `request.formData(` or `.formData()`;
// - it casts what a save, a remove or the action returned: `saved as`, `removed as`,
//   `promoted as`, `actionData as`, or any `as PromotionDTO`.
// The JSON routes (`api/` folders) and the preferences' cookie posts read their own bodies.
// The sign-in screen reads its form from a body it capped itself (anyone may post there).
const root = path.resolve(import.meta.dirname, "../..");
const routes = path.join(root, "app/routes");
const ALLOWED = new Set(["app/routes/auth/auth.tsx"]);

const FORM_READ = /\brequest\.formData\(|\.formData\(\)/;
const SAVED_CAST = /\b(?:saved|removed|promoted|actionData)\s+as\b|\bas\s+PromotionDTO\b/;

/** What is wrong with the screen file `file` (a path from the project's root) holding `code`. */
function screenViolations(file: string, code: string): string[] {
  const inScope = file.startsWith("app/routes/") && !file.split("/").includes("api") && !file.startsWith("app/routes/preferences/");
  if (!inScope || ALLOWED.has(file)) return [];
  const found: string[] = [];
  code.split("\n").forEach((line, i) => {
    if (FORM_READ.test(line)) found.push(`${file}:${i + 1}: reads the form itself (use the screen kit)`);
    if (SAVED_CAST.test(line)) found.push(`${file}:${i + 1}: casts a saved result (type the kit's save instead)`);
  });
  return found;
}

function screenFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return screenFiles(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(root, full).split(path.sep).join("/")] : [];
  });
}

describe("screen actions go through the kit", () => {
  it("no screen outside api/ and preferences/ reads request.formData() or casts a saved result", () => {
    const files = screenFiles(routes);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => screenViolations(file, readFileSync(path.join(root, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("reports planted violations, and leaves the allowed places alone", () => {
    const read = "export async function action({ request }) {\n  const form = await request.formData();\n}";
    expect(screenViolations("app/routes/tasks/tasks.tsx", read)).toEqual([
      "app/routes/tasks/tasks.tsx:2: reads the form itself (use the screen kit)",
    ]);
    expect(screenViolations("app/routes/charges/charge.tsx", "const form = await args.request\n  .formData();")).toHaveLength(1);
    expect(
      screenViolations("app/routes/classes/class-form.tsx", "success: (saved) => (saved as { promoted?: PromotionDTO[] }).promoted,"),
    ).toEqual(["app/routes/classes/class-form.tsx:1: casts a saved result (type the kit's save instead)"]);
    expect(screenViolations("app/routes/students/makeup-delete.tsx", "withPromotions(text, list as PromotionDTO[])")).toHaveLength(1);
    expect(screenViolations("app/routes/charges/charge.tsx", "const result = actionData as ActionResult | undefined;")).toHaveLength(1);
    // The JSON routes, the preferences and the capped sign-in read their own bodies.
    expect(screenViolations("app/routes/courses/api/courses.ts", read)).toEqual([]);
    expect(screenViolations("app/routes/preferences/sidebar.ts", read)).toEqual([]);
    expect(screenViolations("app/routes/auth/auth.tsx", read)).toEqual([]);
    // A cast of something else is not a saved result.
    expect(screenViolations("app/routes/attendance/+shared/roll-call-screen.ts", "const key = match[2] as keyof PostedRecord;")).toEqual(
      [],
    );
  });
});
