import { makeFailedJob } from "./db";
import { expect, test } from "./fixtures";

/**
 * 'Integrações' (/integrations): an Administrator sees the job queue, a failed
 * job with its error, and puts it back in the queue with 'Tentar de novo' from
 * the keyboard (a plain form: Post/Redirect/Get without JavaScript); Team gets
 * the 403 screen and no menu entry.
 */
test.describe("Integrações", () => {
  test("a failed job is shown with its error and retried from the keyboard, axe-clean", async ({
    page,
    loginAs,
    expectNoAxeViolations,
  }) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const error = `Banco não respondeu em 10 s (${tag})`;
    await makeFailedJob({ kind: `e2e.${tag}`, lastError: error });
    await loginAs("Administrator");

    await page.goto("/");
    await expect(page.locator('#menu nav[aria-label="Menu principal"] a[href="/integrations"]')).toHaveText("Integrações");
    await page.goto("/integrations");
    await expect(page.getByRole("heading", { name: "Integrações", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Fila de trabalhos", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Rotinas", level: 2 })).toBeVisible();
    await expect(page.getByText("Com falha", { exact: true })).toBeVisible();
    const routines = page.getByRole("table", { name: "Rotinas" });
    await expect(routines.getByRole("row").filter({ hasText: "Limpeza periódica" })).toContainText("A cada hora");

    const failed = page.getByRole("table", { name: "Trabalhos com falha" });
    const row = failed.getByRole("row").filter({ hasText: error });
    await expect(row).toBeVisible();
    await expect(row.getByText(`e2e.${tag}`)).toBeVisible();
    await expect(row.getByRole("cell", { name: "10", exact: true })).toBeVisible();
    await expect(row.locator("time")).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expectNoAxeViolations();

    const retry = row.getByRole("button", { name: `Tentar de novo: e2e.${tag}` });
    await retry.focus();
    await expect(retry).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page.getByText("Trabalho reenfileirado")).toBeVisible();
    await expect(failed.getByRole("row").filter({ hasText: error })).toHaveCount(0);
    await expectNoAxeViolations();
  });

  test("Team gets the 403 screen and no menu entry", async ({ page, loginAs }) => {
    await loginAs("Team");
    await page.goto("/");
    await expect(page.locator('#menu a[href="/integrations"]')).toHaveCount(0);
    const res = await page.goto("/integrations");
    expect(res?.status()).toBe(403);
  });
});
