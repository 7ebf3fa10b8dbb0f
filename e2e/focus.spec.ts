import { randomUUID } from "node:crypto";
import { makeBranch, makeCharge, makeGuardian } from "./db";
import { expect, hydrated, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

/**
 * Where the focus goes after an action (an enhancement: JavaScript on). Without
 * JavaScript the answer's URL names the changed row (`#payment-…`) and the
 * browser shows it; dialogs are plain pages there.
 */
test.describe("Focus after an action @js-only", () => {
  test("recording and reversing a payment focus the payment's row, and the page does not jump to the top", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    const branch = await makeBranch({ name: `Unidade Foco ${tag()}` });
    const { guardian } = await makeGuardian(1);
    const charge = await makeCharge({ guardianId: guardian.id, branchId: branch.id, amountCents: 15_000, dueDate: "2033-06-10" });
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(`/charges/${charge.id}`);
    await hydrated(page);

    const pay = page.getByRole("button", { name: "Registrar pagamento" });
    await pay.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await pay.click();
    await expect(page.getByText("Pagamento registrado").first()).toBeVisible();
    const row = page.locator("li[id^='payment-']");
    await expect(row).toHaveCount(1);
    await expect(row).toBeFocused();
    await expect(row).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page.getByLabel("Motivo do estorno").fill("Pix devolvido pelo banco");
    await page.getByRole("button", { name: "Estornar" }).click();
    await expect(page.getByText("Pagamento estornado").first()).toBeVisible();
    await expect(row).toContainText("Estornado: Pix devolvido pelo banco");
    await expect(row).toBeFocused();
    await expect(row).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test("'Cancelar' gives the focus back like Escape, saving focuses the changed row; a dialog's buttons in DOM order on a phone", async ({
    page,
    loginAs,
  }) => {
    await loginAs("Administrator");
    const name = `Curso Foco ${tag()}`;
    expect((await page.request.post("/api/courses", { data: { name } })).status()).toBe(201);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/courses");
    await hydrated(page);
    const edit = page.getByRole("link", { name: `Editar ${name}`, exact: true }).first();
    const dialog = page.getByRole("dialog", { name: "Editar Curso" });

    await edit.click();
    await expect(dialog).toBeVisible();
    // On a phone the buttons stack in the order of the DOM (the order a keyboard and a screen reader meet them).
    const cancel = dialog.getByRole("link", { name: "Cancelar" });
    const submit = dialog.getByRole("button", { name: "Atualizar" });
    const [c, s] = [(await cancel.boundingBox())!, (await submit.boundingBox())!];
    const cancelFirstInDom = await cancel.evaluate(
      (a, b) => Boolean(a.compareDocumentPosition(b as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
      await submit.elementHandle(),
    );
    expect(cancelFirstInDom).toBe(true);
    expect(c.y).toBeLessThan(s.y);

    await cancel.click();
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();

    await edit.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();

    await edit.click();
    await dialog.getByLabel("Nome").fill(`${name} Novo`);
    await dialog.getByRole("button", { name: "Atualizar" }).click();
    await expect(dialog).toBeHidden();
    const changed = page.getByRole("link", { name: `Editar ${name} Novo`, exact: true }).first();
    await expect(changed).toBeFocused();
  });

  test("a dialog opens on its first field, and one click on its submit shows what is missing (no error on leaving the field)", async ({
    page,
    loginAs,
  }) => {
    await loginAs("Administrator");
    await page.goto("/courses");
    await hydrated(page);
    await page.getByRole("link", { name: "Adicionar Curso" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Curso" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Nome")).toBeFocused();
    // Leaving the empty field says nothing yet, so the submit stays where the pointer is and one click submits.
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(dialog.getByText("Nome do curso é obrigatório").first()).toBeVisible();
    await expect(dialog.getByRole("alert")).toBeFocused();
    // Then each keystroke checks again: the message goes as soon as the name is typed.
    await dialog.getByLabel("Nome").fill("Jazz");
    await expect(dialog.getByText("Nome do curso é obrigatório")).toHaveCount(0);
  });
});
