import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, request, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";

export type Role = "Administrator" | "Team" | "Client";

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  userType: Role;
}

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}.${randomUUID().slice(0, 8)}@teste.com`;
}

/** Creates a user through the API in a separate request context (the page's cookies stay as they are). */
export async function createUser(baseURL: string, role: Role, name = `Pessoa ${role}`): Promise<TestUser> {
  const email = uniqueEmail(role.toLowerCase());
  const password = "segredo123";
  const api = await request.newContext({ baseURL });
  const res = await api.post("/api/register", { data: { name, email, password, userType: role } });
  expect(res.status()).toBe(201);
  const user = await res.json();
  await api.dispose();
  return { ...user, password };
}

/** With JavaScript on, waits until React has hydrated the page (enhancements are active). */
export async function hydrated(page: import("@playwright/test").Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Chooses a branch in the global selector on the dashboard: with JS it submits on change,
 * without JS through 'Aplicar'. With JS the choice is made on a hydrated page, so that it
 * goes through the change handler under test (a choice made before hydration is applied
 * another way, tested in shell.spec.ts); an idle network does not mean hydrated on a slow
 * machine.
 */
export async function selectBranch(page: import("@playwright/test").Page, name: string, jsEnabled: boolean) {
  await page.goto("/");
  if (jsEnabled) {
    await hydrated(page);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/preferences/branch") && r.request().method() === "POST"),
      page.getByLabel("Unidade").selectOption({ label: name }),
    ]);
  } else {
    await page.getByLabel("Unidade").selectOption({ label: name });
    await page.getByRole("button", { name: "Aplicar" }).click();
  }
  await expect(page.getByLabel("Unidade").locator("option:checked")).toHaveText(name);
}

/** axe's tags for WCAG 2.2 level AA (every level A and AA rule of 2.0, 2.1 and 2.2) and its best practices. */
const WCAG22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

export const test = base.extend<{
  /** Signs the page in as a new user of the role (cookie set through the API). */
  loginAs: (role: Role, name?: string) => Promise<TestUser>;
  /**
   * Runs axe on the page and expects no violations: the WCAG 2.0 to 2.2 A and AA
   * rules and axe's best practices (target size included), on every screen; with
   * `{ wcag22: false }` axe's default rules only.
   */
  /**
   * axe on the page as it is (WCAG 2.2 AA and best practices). `wcag22: false` leaves
   * the 2.2 rules out; `prepare` runs on the audited page first (a very long page can
   * be cut to a sample of its repeated sections).
   */
  expectNoAxeViolations: (options?: { wcag22?: boolean; prepare?: (page: Page) => Promise<void> }) => Promise<void>;
  jsEnabled: boolean;
  /** Every test: the server HTML and the browser's render agree (no hydration mismatch). */
  hydrationCheck: void;
}>({
  hydrationCheck: [
    async ({ page }, use) => {
      const mismatches: string[] = [];
      const hydrationError = /hydrat|Minified React error #(418|423|425)/i;
      page.on("console", (msg) => {
        if (msg.type() === "error" && hydrationError.test(msg.text())) mismatches.push(msg.text());
      });
      page.on("pageerror", (error) => {
        if (hydrationError.test(error.message)) mismatches.push(error.message);
      });
      await use();
      expect(mismatches, "hydration mismatches").toEqual([]);
    },
    { auto: true },
  ],
  jsEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.use.javaScriptEnabled !== false);
  },
  loginAs: async ({ page }, use) => {
    await use(async (role, name = `Pessoa ${role}`) => {
      const email = uniqueEmail(role.toLowerCase());
      const password = "segredo123";
      const res = await page.request.post("/api/register", { data: { name, email, password, userType: role } });
      expect(res.status()).toBe(201);
      const user = await res.json();
      return { ...user, password };
    });
  },
  expectNoAxeViolations: async ({ page, browser }, use, testInfo) => {
    await use(async (options = {}) => {
      let target = page;
      let extra: Awaited<ReturnType<typeof browser.newContext>> | null = null;
      if (testInfo.project.name === "nojs") {
        // axe needs script in the page: audit the same server HTML in a context
        // where the app's own scripts are blocked, so nothing hydrates.
        // Same viewport, so the audit sees the layout the test sees (a phone's, a desktop's).
        extra = await browser.newContext({
          javaScriptEnabled: true,
          storageState: await page.context().storageState(),
          viewport: page.viewportSize(),
        });
        target = await extra.newPage();
        await target.route("**/assets/*.js", (route) => route.abort());
        await target.goto(page.url());
      }
      await options.prepare?.(target);
      // Only the violations are reported in full: axe skips collecting every passing and
      // inapplicable node, which is most of its time on a long page.
      const builder = new AxeBuilder({ page: target }).options({ resultTypes: ["violations"] });
      if (options.wcag22 !== false) builder.withTags(WCAG22_AA);
      const results = await builder.analyze();
      await extra?.close();
      const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      expect(summary).toEqual([]);
    });
  },
});

/**
 * A field's own message (or the form's, above the fields), not its copy among the
 * error summary's links at the top of the form.
 */
export function fieldError(scope: import("@playwright/test").Locator | import("@playwright/test").Page, message: string) {
  return scope.locator('[id$="-error"]').getByText(message);
}

export { expect };
