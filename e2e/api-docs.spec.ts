import { expect, test } from "./fixtures";

test("the API reference page lists the endpoints and is accessible", async ({ page, expectNoAxeViolations }) => {
  test.setTimeout(180_000);
  const res = await page.goto("/api-docs");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("/api/trials/all-histories").first()).toBeVisible();
  await expect(page.getByText("/api/guardian-persons/{id}").first()).toBeVisible();
  // Every operation is the same markup: axe audits the header, the table of contents and the
  // first three tag sections (on a slow machine the whole document took axe minutes).
  await expectNoAxeViolations({
    prepare: (audited) =>
      audited.evaluate(() => document.querySelectorAll("main > section").forEach((section, i) => i >= 3 && section.remove())),
  });
});
