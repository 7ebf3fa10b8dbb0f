import { expect, test } from "./fixtures";

/**
 * Runs before every other test (projects first-js and first-nojs), on the run's
 * fresh database: the offers list is global, and once other tests have enrolled
 * students with their offers, those offers can no longer be deleted to empty it.
 */
test("Ofertas: empty state when there are no offers", async ({ page, loginAs }) => {
  await loginAs("Administrator");
  const offers = (await (await page.request.get("/api/offers")).json()) as Array<{ id: string }>;
  expect(offers, "the run's database starts without offers").toEqual([]);
  await page.goto("/offers");
  await expect(page.getByRole("heading", { name: "Ofertas", level: 1 })).toBeVisible();
  await expect(page.getByText("Nenhuma oferta encontrada no sistema")).toBeVisible();
});
