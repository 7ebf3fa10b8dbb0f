import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { addDays, today } from "../app/domain/calendar/dates";
import { makeBranch, makeGuardian, makeStudent } from "./db";
import { expect, fieldError, hydrated, test } from "./fixtures";
import { startFakeApiPixBank } from "../tests/support/fake-api-pix-bank";

const tag = () => randomUUID().slice(0, 6);

/** An Administrator of the `request` context (its own cookies) who sets the branch's Pix key and makes a one-off charge. */
async function adminRequest(request: APIRequestContext, branchId: string) {
  const admin = await request.post("/api/register", {
    data: { name: "Admin Banco", email: `admin.banco.${tag()}@teste.com`, password: "segredo123", userType: "Administrator" },
  });
  expect(admin.status()).toBe(201);
  const settings = await request.put(`/api/branches/${branchId}/billing-settings`, {
    data: { pixKey: "escola@exemplo.com.br", payeeName: "Escola de Dança", payeeCity: "São Paulo" },
  });
  expect(settings.status()).toBe(200);
}

test.describe("Conexão com o banco (API Pix)", () => {
  test("an Administrator connects a branch and verifies it; a charge is registered at the bank and the family pays the bank's code", async ({
    page,
    request,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    const bank = await startFakeApiPixBank();
    try {
      const branch = await makeBranch({ name: `Unidade Banco ${tag()}` });
      await adminRequest(request, branch.id);
      await loginAs("Administrator");
      const connection = bank.connection();

      await page.goto(`/branches/${branch.id}/billing`);
      await page.getByRole("link", { name: "Conexão com o banco (API Pix)" }).click();
      await expect(page).toHaveURL(new RegExp(`/branches/${branch.id}/bank$`));
      if (jsEnabled) await hydrated(page);
      const dialog = page.getByRole("dialog", { name: "Conexão com o banco (API Pix)" });
      await expect(dialog).toContainText("Unidade sem conexão com o banco");
      await expectNoAxeViolations();

      // A wrong address: the field's message; what was typed stays, except the secrets.
      await dialog.getByLabel("URL da API Pix").fill("http://banco.example.com/api");
      await dialog.getByLabel("URL do token (OAuth)").fill(connection.tokenUrl);
      await dialog.getByLabel("Client ID").fill(connection.clientId);
      await dialog.getByLabel("Client secret").fill(connection.clientSecret);
      await dialog.getByLabel("Certificado (PEM)").fill(connection.certificatePem);
      await dialog.getByLabel("Chave privada (PEM)").fill(connection.privateKeyPem);
      await dialog.getByLabel("Certificado raiz do banco (PEM, opcional)").fill(connection.caCertificatePem ?? "");
      await dialog.getByRole("button", { name: "Salvar" }).click();
      const refused = page.getByRole("dialog", { name: "Conexão com o banco (API Pix)" });
      await expect(fieldError(refused, "URL do banco inválida")).toBeVisible();
      await expect(refused.getByLabel("URL da API Pix")).toHaveValue("http://banco.example.com/api");
      await expect(refused.getByLabel("Client ID")).toHaveValue(connection.clientId);
      // The server never sends a secret back: without JavaScript the page is the server's and they are blank;
      // with it, the browser keeps what was typed in its own fields.
      const secretValue = (typed: string) => (jsEnabled ? typed : "");
      await expect(refused.getByLabel("Client secret")).toHaveValue(secretValue(connection.clientSecret));
      await expect(refused.getByLabel("Chave privada (PEM)")).toHaveValue(secretValue(connection.privateKeyPem));
      expect(await page.content()).not.toContain(connection.clientSecret);
      await expectNoAxeViolations();

      await refused.getByLabel("URL da API Pix").fill(connection.baseUrl);
      await refused.getByLabel("Client secret").fill(connection.clientSecret);
      await refused.getByLabel("Chave privada (PEM)").fill(connection.privateKeyPem);
      await refused.getByRole("button", { name: "Salvar" }).click();
      await expect(page.getByText("Conexão com o banco salva")).toBeVisible();
      const saved = page.getByRole("dialog", { name: "Conexão com o banco (API Pix)" });
      await expect(saved).toContainText("Não verificada");
      await expect(saved).toContainText(`/api/webhooks/pix/${branch.id}/`);

      // 'Verificar conexão' by keyboard: the token, our webhook at the bank, the message as a toast.
      await saved.getByRole("button", { name: "Verificar conexão" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Conexão com o banco verificada")).toBeVisible();
      await expect(page.getByRole("dialog", { name: "Conexão com o banco (API Pix)" })).toContainText("Verificada");
      expect(bank.webhooks.get("escola@exemplo.com.br")?.webhookUrl).toContain(`/api/webhooks/pix/${branch.id}/`);
      await expectNoAxeViolations();

      // A one-off charge of a family: registered at the bank by the job queue.
      const family = await makeGuardian(1);
      await makeStudent(family.guardian.id);
      const created = await request.post("/api/charges", {
        data: {
          guardianId: family.guardian.id,
          branchId: branch.id,
          description: `Figurino ${tag()}`,
          amount: "120.00",
          dueDate: addDays(today(), 5),
        },
      });
      expect(created.status()).toBe(201);
      const charge = await created.json();
      await expect
        .poll(async () => (await (await request.get(`/api/charges/${charge.id}`)).json()).bank?.status, { timeout: 30_000 })
        .toBe("Registrada");
      const cobv = bank.cobvs.get(charge.bank.txid)!;
      await page.goto(`/charges/${charge.id}`);
      await expect(page.getByText("No banco:")).toContainText("Registrada");
      await expect(page.getByLabel("Código Pix")).toHaveValue(cobv.pixCopiaECola);

      // The family's 'Financeiro': the bank's code and its QR.
      const user = await loginAs("Client");
      await family.guardian.update({ userId: user.id });
      await page.goto("/family?tab=financeiro");
      const finance = page.getByRole("region", { name: "Financeiro" });
      await expect(finance.getByText("Código do banco: multa e juros calculados pelo banco no dia do pagamento.").first()).toBeVisible();
      await expect(finance.getByLabel("Código Pix").first()).toHaveValue(cobv.pixCopiaECola);
      await expectNoAxeViolations();
      expect(bank.violations).toEqual([]);
    } finally {
      await bank.close();
    }
  });
});
