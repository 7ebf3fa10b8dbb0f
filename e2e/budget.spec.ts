import { gzipSync } from "node:zlib";
import { expect, hydrated, test } from "./fixtures";

/** Every screen, with the heading it must render (also without JavaScript). */
const SCREENS = [
  { path: "/", heading: "Dashboard" },
  { path: "/trials", heading: "Experimentais" },
  { path: "/guardians", heading: "Responsáveis" },
  { path: "/students", heading: "Alunos" },
  { path: "/today", heading: "Aulas de Hoje" },
  { path: "/classes", heading: "Turmas" },
  { path: "/users", heading: "Usuários" },
  { path: "/offers", heading: "Ofertas" },
  { path: "/branches", heading: "Unidades" },
  { path: "/courses", heading: "Cursos" },
];

const BUDGET_BYTES = 150 * 1024;

test.describe("performance budget", () => {
  test("a first visit of each screen downloads at most 150 kB of JavaScript (gzip) @js-only", async ({ browser, baseURL }) => {
    // Eleven first visits (a fresh browser context, a sign-up, hydration, an idle network each):
    // on a slow shared machine they take longer than one test's default minute.
    test.setTimeout(240_000);
    const results: Array<{ path: string; total: number }> = [];
    for (const screen of [{ path: "/auth", heading: "Entrar" }, ...SCREENS]) {
      // A fresh context per screen: nothing cached, as on a first visit.
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      if (screen.path !== "/auth") {
        const res = await page.request.post("/api/register", {
          data: { name: "Orçamento", email: `budget.${Math.random().toString(36).slice(2, 10)}@teste.com`, password: "segredo123", userType: "Administrator" },
        });
        expect(res.status()).toBe(201);
      }
      let total = 0;
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "script") return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        total += gzipSync(body).length;
      });
      await page.goto(screen.path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      results.push({ path: screen.path, total });
      await context.close();
    }
    console.log("JavaScript per first visit (gzip):\n" + results.map((r) => `${r.path}: ${(r.total / 1024).toFixed(1)} kB`).join("\n"));
    for (const r of results) {
      expect(r.total, `${r.path} downloads ${(r.total / 1024).toFixed(1)} kB of JS (gzip)`).toBeLessThanOrEqual(BUDGET_BYTES);
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
