import { gzipSync } from "node:zlib";
import { expect, hydrated, test } from "./fixtures";

/**
 * Every screen, with the heading it must render (also without JavaScript) and
 * the chunks its first visit must not download (loaded when a dialog opens).
 */
const SCREENS: Array<{ path: string; heading: string; deferred?: string[] }> = [
  { path: "/", heading: "Dashboard" },
  // The enrolment dialog (its route module) and its combobox.
  { path: "/trials", heading: "Experimentais", deferred: ["trial-enroll-", "picker-combobox-"] },
  { path: "/guardians", heading: "Responsáveis" },
  { path: "/students", heading: "Alunos" },
  { path: "/today", heading: "Aulas de Hoje" },
  { path: "/classes", heading: "Turmas" },
  { path: "/users", heading: "Usuários" },
  { path: "/offers", heading: "Ofertas" },
  { path: "/branches", heading: "Unidades" },
  { path: "/courses", heading: "Cursos" },
];

/** JavaScript a first visit may download: gzip (what travels) and uncompressed (what the browser parses and runs). */
const GZIP_BUDGET_BYTES = 150 * 1024;
const RAW_BUDGET_BYTES = 400 * 1024;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

test.describe("performance budget", () => {
  test("a first visit of each screen downloads at most 150 kB of JavaScript gzip, 400 kB uncompressed @js-only", async ({
    browser,
    baseURL,
  }) => {
    // Eleven first visits (a fresh browser context, a sign-up, hydration, an idle network each):
    // on a slow shared machine they take longer than one test's default minute.
    test.setTimeout(240_000);
    const results: Array<{ path: string; gzip: number; raw: number }> = [];
    for (const screen of [{ path: "/auth", heading: "Entrar", deferred: [] }, ...SCREENS]) {
      // A fresh context per screen: nothing cached, as on a first visit.
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      if (screen.path !== "/auth") {
        const res = await page.request.post("/api/register", {
          data: {
            name: "Orçamento",
            email: `budget.${Math.random().toString(36).slice(2, 10)}@teste.com`,
            password: "segredo123",
            userType: "Administrator",
          },
        });
        expect(res.status()).toBe(201);
      }
      const bodies: Array<Promise<Buffer | null>> = [];
      const urls: string[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        urls.push(new URL(response.url()).pathname);
        bodies.push(response.body().catch(() => null));
      });
      await page.goto(screen.path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const read = await Promise.all(bodies);
      // Every script is counted whole: a body that could not be read would hide its bytes.
      expect(
        read.filter((b) => b === null),
        `${screen.path}: a script body could not be read`,
      ).toEqual([]);
      const scripts = read.filter((b): b is Buffer => b !== null);
      for (const chunk of screen.deferred ?? []) {
        expect(
          urls.filter((u) => u.includes(`/${chunk}`)),
          `${screen.path} loads ${chunk} on its first visit`,
        ).toEqual([]);
      }
      results.push({
        path: screen.path,
        gzip: scripts.reduce((sum, b) => sum + gzipSync(b).length, 0),
        raw: scripts.reduce((sum, b) => sum + b.length, 0),
      });
      await context.close();
    }
    console.log(
      "JavaScript per first visit (gzip / uncompressed):\n" + results.map((r) => `${r.path}: ${kB(r.gzip)} / ${kB(r.raw)}`).join("\n"),
    );
    for (const r of results) {
      expect(r.raw, `${r.path} downloads ${kB(r.raw)} of JS (uncompressed)`).toBeLessThanOrEqual(RAW_BUDGET_BYTES);
      expect(r.gzip, `${r.path} downloads ${kB(r.gzip)} of JS (gzip)`).toBeLessThanOrEqual(GZIP_BUDGET_BYTES);
    }
  });

  test("every screen renders its content without JavaScript @nojs-only", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    for (const screen of SCREENS) {
      const res = await page.goto(screen.path);
      expect(res?.status(), screen.path).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: screen.heading, exact: true })).toBeVisible();
    }
  });
});
