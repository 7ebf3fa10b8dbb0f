import { randomUUID } from "node:crypto";
import { makeBranch, makeClass, makeClassroom, makeCourse, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "./db";
import { expect, fieldError, hydrated, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

test.describe("Desconto da matrícula", () => {
  test("'Desconto (%)' in a new enrolment: 0 by default, 150 refused on the field with the value kept, 12,5 saved and shown", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    // A discount at enrolment is the Administrator's (Team's dialog has none: e2e/money-decisions.spec.ts).
    await loginAs("Administrator");
    const branch = await makeBranch({ name: `Unidade Desc ${tag()}` });
    const classroom = await makeClassroom(branch.id, { capacity: 10 });
    const course = await makeCourse({ name: `Jazz ${tag()}` });
    const { cls } = await makeClass({ branchId: branch.id, classroomId: classroom.id, courseId: course.id });
    const offer = await makeOffer(branch.id, { name: `Plano ${tag()}`, monthlyValue: "200.00" });
    const family = await makeGuardian(1);
    const student = await makeStudent(family.guardian.id, { fullName: `Irmã ${tag()}` });

    await page.goto(`/students/${student.id}/enroll?classId=${cls.id}`);
    const dialog = page.getByRole("dialog", { name: "Nova matrícula" });
    await expect(dialog).toBeVisible();
    if (jsEnabled) await hydrated(page);
    const discount = dialog.getByLabel("Desconto (%)");
    await expect(discount).toHaveValue("0");
    await dialog.getByLabel("Oferta").selectOption({ label: `${offer.name} - R$ 200,00` });

    await discount.fill("150");
    await dialog.getByRole("button", { name: "Matricular" }).click();
    await expect(fieldError(dialog, "Desconto deve ser de 0 a 100%")).toBeVisible();
    await expect(dialog.getByLabel("Desconto (%)")).toHaveValue("150");
    await expect(dialog.getByLabel("Desconto (%)")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations();

    await dialog.getByLabel("Desconto (%)").fill("12,5");
    await dialog.getByRole("button", { name: "Matricular" }).click();
    await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));
    await expect(page.getByText("Matrícula realizada")).toBeVisible();
    const enrolments = page.getByRole("region", { name: "Matrículas" });
    await expect(enrolments.getByRole("cell", { name: "12,5%" })).toBeVisible();
    const res = await page.request.get(`/api/enrollments?studentId=${student.id}`);
    const body = await res.json();
    const items = Array.isArray(body) ? body : body.items;
    expect(items.map((e: { discountPercent: number }) => e.discountPercent)).toEqual([12.5]);
  });

  test("an Administrator changes an enrolment's discount: 101 refused on the field, 20 saved and shown", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    await loginAs("Administrator");
    const branch = await makeBranch({ name: `Unidade Desc ${tag()}` });
    const course = await makeCourse({ name: `Sapateado ${tag()}` });
    const { cls } = await makeClass({ branchId: branch.id, courseId: course.id });
    const offer = await makeOffer(branch.id, { monthlyValue: "180.00" });
    const family = await makeGuardian(1);
    const student = await makeStudent(family.guardian.id, { fullName: `Irmão ${tag()}` });
    const enrollment = await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id, startDate: "2026-01-05" });

    await page.goto(`/students/${student.id}`);
    const enrolments = page.getByRole("region", { name: "Matrículas" });
    await expect(enrolments.getByRole("cell", { name: "—", exact: true })).toBeVisible();
    if (jsEnabled) await hydrated(page);
    await enrolments.getByRole("link", { name: /^Editar desconto em / }).click();
    const dialog = page.getByRole("dialog", { name: "Desconto da matrícula" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/students/${student.id}/enrollments/${enrollment.id}/discount$`));
    await expect(dialog.getByLabel("Desconto (%)")).toHaveValue("0");
    if (jsEnabled) await hydrated(page);
    await dialog.getByLabel("Desconto (%)").fill("101");
    await dialog.getByRole("button", { name: "Atualizar" }).click();
    await expect(fieldError(dialog, "Desconto deve ser de 0 a 100%")).toBeVisible();
    await expect(dialog.getByLabel("Desconto (%)")).toHaveValue("101");
    await expectNoAxeViolations();

    await dialog.getByLabel("Desconto (%)").fill("20");
    await dialog.getByRole("button", { name: "Atualizar" }).click();
    await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));
    await expect(page.getByText("Desconto da matrícula atualizado")).toBeVisible();
    await expect(enrolments.getByRole("cell", { name: "20%" })).toBeVisible();
    const saved = await (await page.request.get(`/api/enrollments/${enrollment.id}`)).json();
    expect(saved.discountPercent).toBe(20);
  });
});
