import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { shiftMonth, today } from "../app/domain/calendar/dates";
import { makeBranch, makeClass, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "./db";
import { expect, selectBranch, test } from "./fixtures";
import { startFakeApiPixBank, type FakeApiPixBank } from "../tests/support/fake-api-pix-bank";

const tag = () => randomUUID().slice(0, 6);

let bank: FakeApiPixBank;
test.beforeAll(async () => {
  bank = await startFakeApiPixBank();
});
test.afterAll(async () => {
  expect(bank.violations).toEqual([]);
  await bank.close();
});

/**
 * A branch connected to the fake bank (its own Pix key, our webhook registered)
 * with one family's monthly charge of R$ 200,00 registered at the bank, due in
 * the month after next.
 */
async function connectedBranch(request: APIRequestContext) {
  const branch = await makeBranch({ name: `Unidade Banco ${tag()}` });
  const made = await makeClass({ branchId: branch.id });
  const offer = await makeOffer(branch.id, { monthlyValue: "200.00" });
  const f = await makeGuardian(1);
  const student = await makeStudent(f.guardian.id);
  await makeEnrollment({ studentId: student.id, classId: made.cls.id, offerId: offer.id, startDate: "2020-01-06" });
  const pixKey = `banco.${tag()}@escola.com.br`;
  const settings = await request.put(`/api/branches/${branch.id}/billing-settings`, {
    data: { pixKey, payeeName: "Escola de Dança", payeeCity: "São Paulo" },
  });
  expect(settings.status()).toBe(200);
  expect(
    (await request.put(`/api/branches/${branch.id}/pix-provider`, { data: { provider: "api-pix", ...bank.connection() } })).status(),
  ).toBe(200);
  expect(await (await request.post(`/api/branches/${branch.id}/pix-provider/check`)).json()).toMatchObject({ ok: true });
  const month = shiftMonth(today().slice(0, 7), 2);
  expect((await request.post("/api/charges/generate", { data: { month, branchId: branch.id } })).status()).toBe(200);
  const [listed] = await (await request.get(`/api/charges?branchId=${branch.id}`)).json();
  let charge: { id: string; code: string; bank: { txid: string; status: string } | null } = listed;
  await expect
    .poll(async () => {
      charge = await (await request.get(`/api/charges/${listed.id}`)).json();
      return charge.bank?.status;
    })
    .toBe("Registrada");
  return { branch, charge, pixKey };
}

test.describe("Conciliação", () => {
  test("a Pix arriving pays its charge (by 'Banco'); 'Conciliar agora' lists a Pix without a charge, which is linked to one", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(150_000);
    await loginAs("Administrator");
    const { branch, charge, pixKey } = await connectedBranch(page.request);

    // The family pays the bank's code: the webhook, the bank read back, the payment.
    await bank.payCobv(charge.bank!.txid);
    await expect.poll(async () => (await (await page.request.get(`/api/charges/${charge.id}`)).json()).status).toBe("Paga");
    await page.goto(`/charges/${charge.id}`);
    await expect(page.getByText("por Banco")).toBeVisible();
    await expect(page.getByRole("link", { name: "Devolver o Pix" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Estornar" })).toHaveCount(0);

    // A Pix to the branch's key without a txid of ours: found by 'Conciliar agora'.
    const stray = bank.receivePix({ valor: "200.00", chave: pixKey, infoPagador: "Mensalidade do Davi" });
    await selectBranch(page, branch.name, jsEnabled);
    await page.goto("/charges");
    await page.getByRole("link", { name: "Conciliação" }).first().click();
    await expect(page.getByRole("heading", { name: "Conciliação", level: 1 })).toBeVisible();
    await expect(page.getByText("Nenhum Pix sem cobrança")).toBeVisible();
    await page.getByRole("button", { name: `Conciliar agora ${branch.name}` }).click();
    await expect(page.getByText(/1 Pix recebido|Pix recebidos/).first()).toBeVisible();
    const withoutCharge = page.getByRole("table", { name: "Pix sem cobrança" });
    const row = withoutCharge.getByRole("row").filter({ hasText: stray.endToEndId });
    await expect(row).toContainText("Mensalidade do Davi");
    await expect(row).toContainText("R$ 200,00");
    await expectNoAxeViolations();

    // 'Vincular a uma cobrança': the charge found by its code.
    const other = await connectedBranch(page.request);
    await page.getByRole("link", { name: `Vincular a uma cobrança ${stray.endToEndId}` }).click();
    const dialog = () => page.getByRole("dialog", { name: "Vincular a uma cobrança" });
    await expect(dialog()).toBeVisible();
    const choice = new RegExp(other.charge.code);
    if (jsEnabled) {
      await dialog().getByRole("combobox", { name: "Cobrança" }).fill(other.charge.code);
      await dialog().getByRole("option", { name: choice }).click();
    } else {
      await dialog().getByLabel("Buscar cobrança por código ou responsável").fill(other.charge.code);
      await dialog().getByRole("button", { name: "Buscar" }).click();
      await expect(page).toHaveURL(/chargeQ=/);
      await dialog().getByRole("radio", { name: choice }).check();
    }
    await dialog().getByRole("button", { name: "Vincular" }).click();
    await expect(page.getByText(`Pix registrado como pagamento de ${other.charge.code}`)).toBeVisible();
    await expect(page.getByText("Nenhum Pix sem cobrança")).toBeVisible();
    const linked = await (await page.request.get(`/api/charges/${other.charge.id}`)).json();
    expect(linked.payments).toEqual([expect.objectContaining({ source: "bank", endToEndId: stray.endToEndId, amount: "200.00" })]);
  });

  test("'Pago a maior' and 'Baixa manual e Pix no banco' are listed; 'Devolver o Pix' asks the bank and the Pix is reversed", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(150_000);
    await loginAs("Administrator");
    const over = await connectedBranch(page.request);
    await bank.payCobv(over.charge.bank!.txid, { valor: "230.00" });
    const twice = await connectedBranch(page.request);
    const manual = await page.request.post(`/api/charges/${twice.charge.id}/payments`, {
      data: { amount: "200.00", paidOn: today(), method: "Dinheiro" },
    });
    expect(manual.status()).toBe(201);
    await bank.payCobv(twice.charge.bank!.txid, { force: true });
    await expect.poll(async () => (await (await page.request.get(`/api/charges/${twice.charge.id}`)).json()).payments.length).toBe(2);
    await expect.poll(async () => (await (await page.request.get(`/api/charges/${over.charge.id}`)).json()).status).toBe("Paga");

    // The screen shows the selected branch's lists.
    await selectBranch(page, over.branch.name, jsEnabled);
    await page.goto("/billing/reconciliation");
    const overpaid = page.getByRole("table", { name: "Pago a maior" }).getByRole("row").filter({ hasText: over.charge.code });
    await expect(overpaid).toContainText("R$ 30,00");
    await expect(page.getByText("Nenhuma cobrança paga à mão e pelo Pix")).toBeVisible();
    await selectBranch(page, twice.branch.name, jsEnabled);
    await page.goto("/billing/reconciliation");
    await expect(page.getByText("Nenhuma cobrança paga a maior")).toBeVisible();
    const paidTwice = page
      .getByRole("table", { name: "Baixa manual e Pix no banco" })
      .getByRole("row")
      .filter({ hasText: twice.charge.code });
    await expect(paidTwice).toContainText("R$ 200,00");
    await expect(paidTwice.getByRole("link", { name: `Estornar a baixa manual ${twice.charge.code}` })).toBeVisible();
    await expectNoAxeViolations();

    await paidTwice.getByRole("link", { name: `Devolver o Pix ${twice.charge.code}` }).click();
    const dialog = page.getByRole("dialog", { name: "Devolver o Pix" });
    await expect(dialog).toBeVisible();
    if (jsEnabled) await expect(dialog.getByLabel("Motivo da devolução")).toBeFocused();
    await dialog.getByLabel("Motivo da devolução").fill("Pago em dobro");
    await dialog.getByRole("button", { name: "Devolver o Pix" }).click();
    await expect(page.getByText("Devolução solicitada").first()).toBeVisible();
    await expect
      .poll(async () => {
        const charge = await (await page.request.get(`/api/charges/${twice.charge.id}`)).json();
        return charge.payments.find((p: { source: string }) => p.source === "bank").reversedAt !== null;
      })
      .toBe(true);
    await page.goto(`/charges/${twice.charge.id}`);
    await expect(page.getByText("Estornado: Pago em dobro")).toBeVisible();
  });
});
