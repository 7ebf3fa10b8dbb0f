import { randomUUID } from "node:crypto";
import { makeBranch, makeClass, makeClassroom, makeCourse, makeGuardian, makeOffer, makeStudent } from "./db";
import { expect, fieldError, hydrated, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

test.describe("Desconto da matrícula", () => {
  test("'Desconto (%)' in a new enrolment: 0 by default, 150 refused on the field with the value kept, 12,5 saved and shown", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    await loginAs("Team");
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
});
