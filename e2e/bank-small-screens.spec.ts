import { makeBranch, makeFailedJob } from "./db";
import { expect, test } from "./fixtures";

/**
 * The bank's screens on a 375 px phone (issue 42): 'Integrações' with a failed
 * job, 'Conciliação' and a branch's bank connection fit the width (no sideways
 * scroll of the page) and are axe-clean, with JavaScript on and off.
 */
test.describe("Telas do banco a 375 px", () => {
  test("'Integrações', 'Conciliação' and the bank connection fit a phone's width, axe-clean", async ({
    page,
    loginAs,
    expectNoAxeViolations,
  }) => {
    const tag = Math.random().toString(36).slice(2, 8);
    await makeFailedJob({ kind: `e2e.${tag}`, lastError: `Banco recusou as credenciais (${tag})` });
    const branch = await makeBranch({ name: `Unidade Celular ${tag}` });
    await loginAs("Administrator");
    await page.setViewportSize({ width: 375, height: 800 });

    const screens = [
      { path: "/integrations", name: "Integrações", role: "heading" as const },
      { path: "/billing/reconciliation", name: "Conciliação", role: "heading" as const },
      { path: `/branches/${branch.id}/bank`, name: "Conexão com o banco (API Pix)", role: "dialog" as const },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole(screen.role, { name: screen.name }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${screen.path} fits 375 px`).toBe(true);
      await expectNoAxeViolations();
    }
  });
});
