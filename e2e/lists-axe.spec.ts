import type { APIRequestContext, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { makeGuardians, makeUsers } from "./db";
import { expect, test } from "./fixtures";

/**
 * Every list audited with real data: the paged lists (users, guardians) with
 * more than one page, on the first and the last page (each end has an
 * unavailable 'Anterior' or 'Próxima'), and the other lists with rows, on a
 * phone (375 px) and a desktop (1280 px).
 */
const WIDTHS = [375, 1280] as const;

async function created(res: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<{ id: string }> {
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

/** A branch with a classroom and a slot, a course, a class in it and a trial this month. */
async function smallNetwork(api: APIRequestContext, responsibleId: string, tag: string) {
  const branch = await created(await api.post("/api/branches", { data: { name: `Unidade Lista ${tag}`, address: "Rua A, 1" } }));
  const room = await created(await api.post("/api/classrooms", { data: { branchId: branch.id, name: `Sala ${tag}`, capacity: 15 } }));
  const slot = await created(
    await api.post("/api/classroom-schedules", {
      data: { classroomId: room.id, dayOfWeek: "Quarta", startTime: "17:00", endTime: "18:00" },
    }),
  );
  const course = await created(await api.post("/api/courses", { data: { name: `Jazz Lista ${tag}` } }));
  const cls = await created(
    await api.post("/api/classes", {
      data: { courseId: course.id, responsibleId, branchId: branch.id, classroomId: room.id, scheduleIds: [slot.id] },
    }),
  );
  const today = new Date().toISOString().slice(0, 10);
  await created(
    await api.post("/api/trials", {
      data: {
        guardianName: `Mãe ${tag}`,
        studentName: `Aluna ${tag}`,
        classId: cls.id,
        whatsappNumber: "11987654321",
        scheduledDate: today,
        scheduledTime: "17:00",
      },
    }),
  );
}

async function pageCountOf(page: Page): Promise<number> {
  const text = await page
    .getByRole("navigation", { name: "Paginação" })
    .getByText(/^Página \d+ de \d+$/)
    .textContent();
  return Number(/de (\d+)/.exec(text ?? "")![1]);
}

test.describe("Listas com dados reais (axe)", () => {
  // Several axe audits of long pages each, on a shared two-core machine.
  test.describe.configure({ timeout: 180_000 });

  for (const path of ["/users", "/guardians"]) {
    test(`${path} pages, and is axe-clean on its first and last page, at 375 px and 1280 px`, async ({
      page,
      loginAs,
      expectNoAxeViolations,
    }) => {
      const tag = randomUUID().slice(0, 6);
      // More rows than one page holds (50 users, 24 guardians a page).
      if (path === "/users") await makeUsers(55, tag);
      else await makeGuardians(30, tag);
      await loginAs("Administrator", `Admin Listas ${tag}`);

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        // Searched for this test's rows, so the pages are this test's alone (other tests add
        // users and families meanwhile): two pages, and the paging links keep the search.
        await page.goto(`${path}?q=${tag}`);
        expect(await pageCountOf(page)).toBe(2);
        const nav = page.getByRole("navigation", { name: "Paginação" });
        await expect(nav.getByRole("link", { name: "Próxima" })).toBeVisible();
        await expect(nav.getByRole("link", { name: "Anterior" })).toHaveCount(0);
        await expectNoAxeViolations();

        await nav.getByRole("link", { name: "Próxima" }).click();
        await expect(nav.getByText(/^Página 2 de 2$/)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
        await expect(nav.getByRole("link", { name: "Anterior" })).toBeVisible();
        await expect(nav.getByRole("link", { name: "Próxima" })).toHaveCount(0);
        await expectNoAxeViolations();
      }
    });
  }

  test("the other lists are axe-clean with rows, at 375 px and 1280 px", async ({ page, loginAs, expectNoAxeViolations }) => {
    const tag = randomUUID().slice(0, 6);
    const admin = await loginAs("Administrator", `Admin Listas ${tag}`);
    await smallNetwork(page.request, admin.id, tag);

    for (const path of ["/branches", "/courses", "/classes", "/trials"]) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations();
      }
    }
  });
});
