import { randomUUID } from "node:crypto";
import { makeBranch, makeClass, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "./db";
import { expect, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

test.describe("Minha família", () => {
  test("a parent sees its children, their classes and next sessions, and no other family; axe-clean at 375 px", async ({
    page,
    loginAs,
    expectNoAxeViolations,
  }) => {
    const branch = await makeBranch({ name: `Unidade ${tag()}` });
    const made = await makeClass({
      branchId: branch.id,
      schedules: ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"].map((dayOfWeek) => ({
        dayOfWeek,
        startTime: "18:00",
        endTime: "19:00",
      })),
      createdAt: new Date(Date.now() - 7 * 86_400_000),
    });
    const offer = await makeOffer(branch.id);
    const user = await loginAs("Client");
    const family = await makeGuardian(1);
    await family.guardian.update({ userId: user.id });
    const [ana, bia] = await Promise.all(
      ["Ana", "Bia"].map((name) => makeStudent(family.guardian.id, { fullName: `${name} Família ${tag()}` })),
    );
    await makeEnrollment({ studentId: ana.id, classId: made.cls.id, offerId: offer.id, startDate: "2020-01-06" });
    const other = await makeGuardian(1);
    const stranger = await makeStudent(other.guardian.id, { fullName: `Outra Família ${tag()}` });

    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/family");
    await expect(page.getByRole("heading", { level: 1, name: "Minha família" })).toBeVisible();
    const anaSection = page.getByRole("region", { name: ana.fullName });
    await expect(anaSection).toBeVisible();
    await expect(anaSection.getByText(branch.name).first()).toBeVisible();
    await expect(anaSection.getByText(/18:00–19:00/).first()).toBeVisible();
    await expect(page.getByRole("region", { name: bia.fullName }).getByText("Nenhuma matrícula")).toBeVisible();
    await expect(page.getByRole("region", { name: "Meus dados" })).toContainText(family.persons[0].fullName);
    await expect(page.getByText(stranger.fullName)).toHaveCount(0);
    await expectNoAxeViolations();

    // Another family's student is not found to it.
    const res = await page.goto(`/students/${stranger.id}`);
    expect(res?.status()).toBe(404);
  });
});
