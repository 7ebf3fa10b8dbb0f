import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { makeGuardian, makeStudent } from "./db";
import { expect, fieldError, hydrated, test } from "./fixtures";

/**
 * The family's LGPD requests on the guardian's page (Administrator): 'Baixar
 * meus dados' downloads the family's file, 'Anonimizar família' asks for a
 * reason and the family's name typed to confirm (a URL dialog, with or
 * without JavaScript, by keyboard), then says so in a toast; once done, the
 * page shows when instead. On a phone's width and a desktop's.
 */
test.describe("LGPD: the guardian's page", () => {
  for (const width of [375, 1280]) {
    test(`an administrator downloads the family's data, then anonymises it after typing its name; axe-clean at ${width} px`, async ({
      page,
      loginAs,
      jsEnabled,
      expectNoAxeViolations,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const tag = randomUUID().slice(0, 6);
      const administrator = await loginAs("Administrator", `Administradora Lgpd ${tag}`);
      const { guardian, persons } = await makeGuardian(2);
      const name = `Helena Lgpd ${tag}`;
      await persons[0].update({ fullName: name });
      const child = await makeStudent(guardian.id, { fullName: `Criança Lgpd ${tag}` });
      // A change by a member of staff: an audit entry of the family's, with the author's name and address.
      expect((await page.request.patch(`/api/guardian-persons/${persons[1].id}`, { data: { phone: "11955554444" } })).status()).toBe(200);

      await page.goto(`/guardians/${guardian.id}/persons`);
      if (jsEnabled) await hydrated(page);
      const manage = page.getByRole("dialog", { name: "Gerenciar Pessoas" });
      await expect(manage).toBeVisible();
      await expectNoAxeViolations();

      // 'Baixar meus dados': a file, with or without JavaScript.
      const link = manage.getByRole("link", { name: "Baixar meus dados" });
      await expect(link).toHaveAttribute("href", `/api/guardians/${guardian.id}/export`);
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^dados-da-familia-\d{4}-\d\d-\d\d\.json$/);
      const file = JSON.parse(await readFile((await download.path())!, "utf8"));
      expect(file.guardianId).toBe(guardian.id);
      expect(file.tables.guardian_persons.map((p: { fullName: string }) => p.fullName)).toContain(name);
      expect(file.tables.students.map((s: { fullName: string }) => s.fullName)).toEqual([child.fullName]);
      // No member of staff named, no one else's address: the staff's entries say 'Equipe da escola'.
      const text = JSON.stringify(file);
      expect(text).not.toContain(administrator.name);
      expect(text).not.toContain(administrator.id);
      const staffEntry = file.tables.audit_entries.find(
        (e: { entity: string; entityId: string; action: string }) =>
          e.entity === "guardian_persons" && e.entityId === persons[1].id && e.action === "update",
      );
      expect(staffEntry).toMatchObject({ userId: null, userName: "Equipe da escola", ip: null });

      // 'Anonimizar família': the dialog of its URL.
      await page.goto(`/guardians/${guardian.id}/persons`);
      if (jsEnabled) await hydrated(page);
      await page.getByRole("dialog", { name: "Gerenciar Pessoas" }).getByRole("link", { name: "Anonimizar família" }).click();
      const dialog = page.getByRole("dialog", { name: "Anonimizar família" });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/guardians/${guardian.id}/anonymize$`));
      await expect(dialog.getByText("Esta ação não pode ser desfeita.", { exact: false })).toBeVisible();
      await expectNoAxeViolations();

      // A name that is not the family's is refused on its field; nothing changes.
      await dialog.getByLabel("Motivo").fill("Pedido da família por e-mail");
      await dialog.getByLabel(/Digite o nome da família/).fill("Outra Pessoa");
      await dialog.getByRole("button", { name: "Anonimizar família" }).click();
      await expect(
        fieldError(page.getByRole("dialog", { name: "Anonimizar família" }), "O nome digitado não é o nome da família"),
      ).toBeVisible();
      await expectNoAxeViolations();

      // The family's name, typed and sent with the keyboard.
      const again = page.getByRole("dialog", { name: "Anonimizar família" });
      await expect(again.getByLabel("Motivo")).toHaveValue("Pedido da família por e-mail");
      const confirm = again.getByLabel(/Digite o nome da família/);
      await confirm.fill(name);
      await confirm.press("Enter");
      await expect(page.getByText("Família anonimizada").first()).toBeVisible();
      await expect(page).toHaveURL(/\/guardians$/);

      const res = await page.request.get(`/api/guardians/${guardian.id}`);
      const after = await res.json();
      expect(after.persons.map((p: { fullName: string }) => p.fullName)).toEqual(["Pessoa anonimizada", "Pessoa anonimizada"]);
      expect(after.address).toBe("Endereço removido");
      await page.goto(`/guardians?q=${encodeURIComponent(name)}`);
      await expect(page.getByText(name)).toHaveCount(0);

      // Once is all: the page says when instead of offering it again, and the dialog's URL goes back there.
      await page.goto(`/guardians/${guardian.id}/persons`);
      const done = page.getByRole("dialog", { name: "Gerenciar Pessoas" });
      await expect(done.getByText(/^Família anonimizada em \d\d\/\d\d\/\d{4}\.$/)).toBeVisible();
      await expect(done.getByRole("link", { name: "Anonimizar família" })).toHaveCount(0);
      await expectNoAxeViolations();
      await page.goto(`/guardians/${guardian.id}/anonymize`);
      await expect(page).toHaveURL(new RegExp(`/guardians/${guardian.id}/persons$`));
      await expect(page.getByText("Família já anonimizada").first()).toBeVisible();
      await expect(page.getByRole("dialog", { name: "Anonimizar família" })).toHaveCount(0);
    });
  }
});
