import { expect, test } from "./fixtures";

test("the API reference page lists the endpoints and is accessible", async ({ page, expectNoAxeViolations }) => {
  test.setTimeout(180_000);
  const res = await page.goto("/api-docs");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("/api/trials/all-histories").first()).toBeVisible();
  await expect(page.getByText("/api/guardian-persons/{id}").first()).toBeVisible();
  await expectNoAxeViolations();
});
