import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { makeBranch, makeClass, makeClassroom, makeCourse, makeEnrollment, makeGuardian, makeOffer, makeStudent, makeTrial } from "./db";
import { expect, hydrated, test, uniqueEmail, fieldError } from "./fixtures";

/**
 * 'Matricular' from a trial: the 'Matricular Aluno' dialog (/trials/:id/enroll),
 * with a new guardian or an existing one (the WhatsApp match, or a search), the
 * payment link afterwards, the block's 'Matriculado', the waiting list of a
 * full class; with JavaScript the guardian picker is a combobox.
 */

function uniquePhone(): string {
  return `11${String(900_000_000 + Math.floor(Math.random() * 99_999_999))}`;
}

function randomCpf(): string {
  return String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));
}

/** A Wednesday class with a classroom of `capacity`, an active offer of its branch and a 'Quer Matricular' trial on `date`. */
async function setup(date: string, options: { capacity?: number } = {}) {
  const tag = randomUUID().slice(0, 6);
  const branch = await makeBranch({ name: `Unidade ${tag}` });
  const classroom = await makeClassroom(branch.id, { capacity: options.capacity ?? 12 });
  const course = await makeCourse({ name: `Ballet ${tag}` });
  const { cls } = await makeClass({
    branchId: branch.id,
    classroomId: classroom.id,
    courseId: course.id,
    schedules: [{ dayOfWeek: "Quarta", startTime: "18:30", endTime: "19:30" }],
  });
  const offer = await makeOffer(branch.id, {
    name: `Mensal ${tag}`,
    monthlyValue: "189.90",
    checkoutLink: `https://pagamento.exemplo.com/mensal-${tag}`,
  });
  const phone = uniquePhone();
  const studentName = `Lia ${tag}`;
  const trial = await makeTrial(cls.id, {
    guardianName: `Marta ${tag}`,
    studentName,
    whatsappNumber: phone,
    scheduledDate: date,
    status: "Quer Matricular",
  });
  return {
    tag,
    cls,
    branchId: branch.id,
    courseId: course.id,
    classLabel: `${course.name} - Turma ${cls.classNumber}`,
    offer,
    offerLabel: `Mensal ${tag} - R$ 189,90`,
    trial,
    phone,
    studentName,
  };
}

/** Nothing wider than the screen: the page does not scroll sideways. */
async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** A guardian (one primary person) with the given name and phone. */
async function guardianWith(fullName: string, phone: string) {
  const { guardian, persons } = await makeGuardian(1);
  await persons[0].update({ fullName, phone });
  return { guardian, person: persons[0] };
}

const block = (page: Page, student: string) => page.locator(".tb").filter({ hasText: student, visible: true });

async function openFromCalendar(page: Page, month: string, student: string, jsEnabled: boolean): Promise<Locator> {
  await page.goto(`/trials?month=${month}`);
  if (jsEnabled) await hydrated(page);
  await block(page, student)
    .getByRole("link", { name: `Matricular ${student}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Matricular Aluno" });
  await expect(dialog).toBeVisible();
  if (jsEnabled) await hydrated(page);
  return dialog;
}

/** The 'Enviar link de pagamento' link: wa.me with the trial's number and a message with the student, the class and the link. */
async function expectPaymentLink(dialog: Locator, phone: string, parts: string[]) {
  const link = dialog.getByRole("link", { name: "Enviar link de pagamento" });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute("href"))!;
  const url = new URL(href);
  expect(url.origin + url.pathname).toBe(`https://wa.me/55${phone}`);
  const text = url.searchParams.get("text")!;
  for (const part of parts) expect(text).toContain(part);
  await expect(link).toHaveAttribute("target", "_blank");
}

test.describe("Matricular a partir do experimental", () => {
  test("with a new guardian: the dialog pre-filled from the trial, the toast, the payment link, then 'Matriculado'", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.slow(); // two axe audits and a whole journey on a shared machine
    const month = jsEnabled ? "2033-03" : "2033-04";
    const s = await setup(`${month}-08`);
    await loginAs("Team");
    const dialog = await openFromCalendar(page, month, s.studentName, jsEnabled);

    await expect(dialog.getByLabel("Nome do aluno")).toHaveValue(s.studentName);
    await expect(dialog.getByLabel("Turma", { exact: true })).toHaveValue(new RegExp(`^${s.classLabel}`));
    await expect(dialog.getByRole("radio", { name: "Novo responsável" })).toBeChecked();
    const person = dialog.getByRole("group", { name: "Pessoa principal" });
    await expect(person.getByLabel("Nome completo")).toHaveValue(`Marta ${s.tag}`);
    await expect(person.getByLabel("Telefone")).toHaveValue(`(${s.phone.slice(0, 2)}) ${s.phone.slice(2, 7)}-${s.phone.slice(7)}`);
    await expect(dialog.getByLabel("Oferta")).toHaveValue(s.offer.id);
    await expect(dialog.getByLabel("Oferta").locator("option:checked")).toHaveText(s.offerLabel);
    await expect(dialog.getByLabel("Data de início")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(dialog.getByLabel("Entrar na lista de espera")).toHaveCount(0);
    await expectNoAxeViolations();

    // A refused form keeps what was typed.
    await dialog.getByLabel("Nome do aluno").fill("");
    await dialog.getByLabel("Endereço").fill("Rua das Acácias, 45");
    await dialog.getByRole("button", { name: "Matricular" }).click();
    await expect(fieldError(dialog, "Nome do aluno é obrigatório")).toBeVisible();
    await expect(dialog.getByLabel("Endereço")).toHaveValue("Rua das Acácias, 45");

    await dialog.getByLabel("Nome do aluno").fill(`${s.studentName} Nogueira`);
    await dialog.getByLabel("Data de nascimento do aluno").fill("2018-04-02");
    await person.getByLabel("CPF").fill(randomCpf());
    await person.getByLabel("E-mail").fill(uniqueEmail("marta"));
    await person.getByLabel("Data de nascimento").fill("1985-04-12");
    await dialog.getByRole("button", { name: "Matricular" }).click();

    await expect(page.getByText("Matrícula realizada").first()).toBeVisible();
    await expect(page.getByText("Sucesso")).toBeVisible();
    const done = page.getByRole("dialog", { name: "Matricular Aluno" });
    await expect(done.getByText(s.offer.checkoutLink)).toBeVisible();
    await expectPaymentLink(done, s.phone, [`${s.studentName} Nogueira`, s.classLabel, s.offer.checkoutLink]);
    await expectNoAxeViolations();

    await done.getByRole("link", { name: "Fechar" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${month}$`));
    const enrolled = block(page, s.studentName);
    await expect(enrolled.getByText("Matriculado")).toBeVisible();
    await expect(enrolled.getByRole("link", { name: /^Matricular / })).toHaveCount(0);
  });

  test("with the guardian found by the trial's WhatsApp number", async ({ page, loginAs, jsEnabled }) => {
    const month = jsEnabled ? "2033-03" : "2033-04";
    const s = await setup(`${month}-09`);
    const match = await guardianWith(`Família ${s.tag}`, s.phone);
    // The Administrator: a discount at enrolment is theirs (Team's dialog has no 'Desconto (%)': e2e/money-decisions.spec.ts).
    await loginAs("Administrator");
    const dialog = await openFromCalendar(page, month, s.studentName, jsEnabled);

    await expect(dialog.getByRole("radio", { name: "Responsável existente" })).toBeChecked();
    if (jsEnabled) {
      await expect(dialog.getByRole("combobox", { name: "Responsável" })).toHaveValue(match.person.fullName);
    } else {
      await expect(dialog.getByRole("radio", { name: new RegExp(`Família ${s.tag}`) })).toBeChecked();
      await expect(dialog.getByText("(mesmo WhatsApp)")).toBeVisible();
    }
    // 'Desconto (%)': 0 by default, beyond 100 refused on the field (the value kept).
    await expect(dialog.getByLabel("Desconto (%)")).toHaveValue("0");
    await dialog.getByLabel("Desconto (%)").fill("101");
    // Leaving the field checks it with JavaScript (its message moves the button down): then submit.
    await dialog.getByLabel("Desconto (%)").press("Tab");
    await dialog.getByRole("button", { name: "Matricular" }).click();
    await expect(fieldError(dialog, "Desconto deve ser de 0 a 100%")).toBeVisible();
    await expect(dialog.getByLabel("Desconto (%)")).toHaveValue("101");
    await dialog.getByLabel("Desconto (%)").fill("10");
    if (jsEnabled) {
      // While the enrolment is on its way the button says so (the answer is held back a moment).
      await page.route("**/enroll.data*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
    }
    await dialog.getByRole("button", { name: "Matricular" }).click();
    if (jsEnabled) await expect(dialog.getByRole("button", { name: "Matriculando..." })).toBeDisabled();
    await expect(page.getByText("Matrícula realizada").first()).toBeVisible();
    await expectPaymentLink(page.getByRole("dialog", { name: "Matricular Aluno" }), s.phone, [s.studentName, s.offer.checkoutLink]);
    const roster = await (await page.request.get(`/api/enrollments?classId=${s.cls.id}`)).json();
    expect((Array.isArray(roster) ? roster : roster.items).map((e: { discountPercent: number }) => e.discountPercent)).toEqual([10]);
  });

  test("the edit dialog offers 'Matricular' whatever the status", async ({ page, loginAs, jsEnabled }) => {
    const month = jsEnabled ? "2033-07" : "2033-08";
    const s = await setup(`${month}-14`);
    const scheduled = await makeTrial(s.cls.id, {
      studentName: `Agendada ${s.tag}`,
      whatsappNumber: s.phone,
      scheduledDate: `${month}-14`,
      status: "Agendado",
    });
    await loginAs("Team");
    await page.goto(`/trials?month=${month}`);
    if (jsEnabled) await hydrated(page);
    const agendada = block(page, `Agendada ${s.tag}`);
    await expect(agendada.getByRole("link", { name: /^Matricular/ })).toHaveCount(0);
    await agendada.getByRole("link", { name: new RegExp(`^Agendada ${s.tag}`) }).click();
    const edit = page.getByRole("dialog", { name: "Editar Experimental" });
    await edit.getByRole("link", { name: "Matricular" }).click();
    await expect(page).toHaveURL(new RegExp(`/trials/${scheduled.id}/enroll\\?month=${month}$`));
    const dialog = page.getByRole("dialog", { name: "Matricular Aluno" });
    await expect(dialog.getByLabel("Nome do aluno")).toHaveValue(`Agendada ${s.tag}`);
  });

  test("with a guardian found by a search (posted with the form without JavaScript, keeping what was typed; a combobox with it)", async ({
    page,
    loginAs,
    jsEnabled,
  }) => {
    const month = jsEnabled ? "2033-03" : "2033-04";
    const s = await setup(`${month}-10`);
    const found = await guardianWith(`Buscada ${s.tag}`, uniquePhone());
    await loginAs("Administrator");
    let dialog = await openFromCalendar(page, month, s.studentName, jsEnabled);

    await dialog.getByRole("radio", { name: "Responsável existente" }).check();
    if (jsEnabled) {
      const combo = dialog.getByRole("combobox", { name: "Responsável" });
      await combo.fill(`Buscada ${s.tag}`);
      await dialog.getByRole("option", { name: new RegExp(`Buscada ${s.tag}`) }).click();
      await expect(combo).toHaveValue(found.person.fullName);
    } else {
      // 'Buscar' posts the form: what was typed comes back with the results.
      await dialog.getByLabel("Nome do aluno").fill(`${s.studentName} Digitada`);
      await dialog.getByLabel("Buscar responsável").fill(found.person.email);
      await dialog.getByRole("button", { name: "Buscar" }).click();
      dialog = page.getByRole("dialog", { name: "Matricular Aluno" });
      await expect(dialog.getByLabel("Buscar responsável")).toHaveValue(found.person.email);
      await expect(dialog.getByLabel("Nome do aluno")).toHaveValue(`${s.studentName} Digitada`);
      await expect(dialog.getByRole("radio", { name: "Responsável existente" })).toBeChecked();
      // Another phone than the trial's: said so.
      await expect(dialog.getByRole("radio", { name: new RegExp(`Buscada ${s.tag}.*WhatsApp diferente do cadastro`) })).toBeVisible();
      await dialog.getByRole("radio", { name: new RegExp(`Buscada ${s.tag}`) }).check();
    }
    await dialog.getByRole("button", { name: "Matricular" }).click();
    await expect(page.getByText("Matrícula realizada").first()).toBeVisible();
    await expectPaymentLink(page.getByRole("dialog", { name: "Matricular Aluno" }), s.phone, [s.studentName]);
  });

  test("a full class is known before submitting: 'Turma lotada (1/1)', the waiting list as the action, no payment link after", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    const month = jsEnabled ? "2033-03" : "2033-04";
    const s = await setup(`${month}-11`, { capacity: 1 });
    const other = await makeGuardian(1);
    const student = await makeStudent(other.guardian.id);
    await makeEnrollment({ studentId: student.id, classId: s.cls.id, offerId: s.offer.id });
    await guardianWith(`Espera ${s.tag}`, s.phone);
    await loginAs("Team");
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/trials/${s.trial.id}/enroll?month=${month}`);
      const dialog = page.getByRole("dialog", { name: "Matricular Aluno" });
      await expect(dialog.getByText("Turma lotada (1/1)")).toBeVisible();
      await expect(dialog.getByText("Nenhuma outra turma deste curso tem vagas.")).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Entrar na lista de espera" })).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Matricular" })).toHaveCount(0);
      await expectNoOverflow(page);
    }
    await expectNoAxeViolations();
    const dialog = page.getByRole("dialog", { name: "Matricular Aluno" });
    if (jsEnabled) await hydrated(page);
    await dialog.getByRole("button", { name: "Entrar na lista de espera" }).click();
    await expect(page.getByText("Aluno incluído na lista de espera").first()).toBeVisible();
    const done = page.getByRole("dialog", { name: "Matricular Aluno" });
    await expect(done.getByText("Em espera", { exact: true })).toBeVisible();
    // No payment link while waiting: the WhatsApp message is about the waiting list.
    await expect(done.getByText(s.offer.checkoutLink)).toHaveCount(0);
    await expect(done.getByRole("link", { name: "Enviar link de pagamento" })).toHaveCount(0);
    const notice = done.getByRole("link", { name: "Avisar no WhatsApp" });
    const text = new URL((await notice.getAttribute("href"))!).searchParams.get("text")!;
    expect(text).toContain("lista de espera");
    expect(text).not.toContain(s.offer.checkoutLink);
  });

  test("a full class lists the course's classes with places, the same branch first, and switches to one", async ({
    page,
    loginAs,
    jsEnabled,
  }) => {
    const month = jsEnabled ? "2033-09" : "2033-10";
    const s = await setup(`${month}-11`, { capacity: 1 });
    const taken = await makeGuardian(1);
    await makeEnrollment({ studentId: (await makeStudent(taken.guardian.id)).id, classId: s.cls.id, offerId: s.offer.id });
    const elsewhere = await makeBranch({ name: `Outra ${s.tag}` });
    const far = (await makeClass({ branchId: elsewhere.id, courseId: s.courseId })).cls;
    const near = (await makeClass({ branchId: s.branchId, courseId: s.courseId })).cls;
    await loginAs("Team");
    await page.goto(`/trials/${s.trial.id}/enroll?month=${month}`);
    const dialog = page.getByRole("dialog", { name: "Matricular Aluno" });
    const choices = dialog.getByRole("navigation", { name: "Outras turmas do curso com vagas" }).getByRole("listitem");
    await expect(choices).toHaveCount(2);
    await expect(choices.first()).toContainText(`Turma ${near.classNumber}`);
    await expect(choices.last()).toContainText(`Turma ${far.classNumber}`);
    await expect(choices.first()).toContainText("20 vagas");
    await choices.first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`classId=${near.id}`));
    await expect(dialog.getByLabel("Turma", { exact: true })).toHaveValue(new RegExp(`Turma ${near.classNumber}`));
    await expect(dialog.getByText("Turma lotada")).toHaveCount(0);
    if (jsEnabled) await hydrated(page);
    const person = dialog.getByRole("group", { name: "Pessoa principal" });
    await dialog.getByLabel("Endereço").fill("Rua das Acácias, 45");
    await person.getByLabel("CPF").fill(randomCpf());
    await person.getByLabel("E-mail").fill(uniqueEmail("marta"));
    await person.getByLabel("Data de nascimento").fill("1985-04-12");
    await dialog.getByRole("button", { name: "Matricular" }).click();
    await expect(page.getByText("Matrícula realizada").first()).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Matricular Aluno" })).toContainText(`Turma ${near.classNumber}`);
  });

  test("a family with the trial guardian's name but another WhatsApp is shown as such and never chosen; only the chosen family section shows", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    const month = jsEnabled ? "2033-09" : "2033-10";
    const s = await setup(`${month}-12`);
    const namesake = await guardianWith(`Marta ${s.tag} Santos`, uniquePhone());
    await loginAs("Team");
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/trials/${s.trial.id}/enroll?month=${month}`);
      const dialog = page.getByRole("dialog", { name: "Matricular Aluno" });
      if (jsEnabled) await hydrated(page);
      // No family has the trial's number: a new guardian, with a word about the namesake.
      await expect(dialog.getByRole("radio", { name: "Novo responsável" })).toBeChecked();
      await expect(dialog.getByText(/WhatsApp diferente do cadastro: confira/)).toBeVisible();
      await expect(dialog.getByLabel("Endereço")).toBeVisible();
      await expect(dialog.getByText("Buscar responsável")).toBeHidden();
      await expectNoOverflow(page);

      await dialog.getByRole("radio", { name: "Responsável existente" }).check();
      await expect(dialog.getByLabel("Endereço")).toBeHidden();
      if (jsEnabled) {
        const combo = dialog.getByRole("combobox", { name: "Responsável" });
        await expect(combo).toHaveValue("");
        await combo.click();
        await page.keyboard.press("ArrowDown");
        await expect(
          dialog.getByRole("option", { name: new RegExp(`Marta ${s.tag} Santos.*WhatsApp diferente do cadastro`) }),
        ).toBeVisible();
        await page.keyboard.press("Escape");
      } else {
        const radio = dialog.getByRole("radio", { name: new RegExp(`Marta ${s.tag} Santos.*WhatsApp diferente do cadastro`) });
        await expect(radio).toBeVisible();
        await expect(radio).not.toBeChecked();
      }
    }
    await expectNoAxeViolations();
    expect(namesake.guardian.id).toBeTruthy();
  });

  test("'Novo responsável' marks every required field and names what is missing", async ({ page, loginAs, jsEnabled }) => {
    const month = jsEnabled ? "2033-11" : "2033-12";
    const s = await setup(`${month}-12`);
    await loginAs("Team");
    await page.goto(`/trials/${s.trial.id}/enroll?month=${month}`);
    const dialog = page.getByRole("dialog", { name: "Matricular Aluno" });
    if (jsEnabled) await hydrated(page);
    const person = dialog.getByRole("group", { name: "Pessoa principal" });
    // Every field the rules require carries the asterisk: birth date and phone included.
    for (const label of ["Nome completo", "CPF", "E-mail", "Data de nascimento", "Telefone"]) {
      await expect(person.locator("label", { hasText: new RegExp(`^${label}`) })).toContainText("*");
    }
    await expect(dialog.locator("label", { hasText: /^Endereço/ })).toContainText("*");
    await dialog.getByLabel("Endereço").fill("Rua das Acácias, 45");
    await person.getByLabel("CPF").fill(randomCpf());
    await dialog.getByRole("button", { name: "Matricular" }).click();
    await expect(fieldError(dialog, "Adicione pelo menos uma pessoa completa: faltam E-mail e Data de nascimento")).toBeVisible();
  });

  test("keyboard only: the combobox searches as you type, the dialog traps focus and closes on Escape @js-only", async ({
    page,
    loginAs,
    expectNoAxeViolations,
  }) => {
    const month = "2033-05";
    const s = await setup(`${month}-12`);
    const found = await guardianWith(`Teclado ${s.tag}`, uniquePhone());
    await loginAs("Team");
    const dialog = await openFromCalendar(page, month, s.studentName, true);

    await dialog.getByRole("radio", { name: "Responsável existente" }).focus();
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("radio", { name: "Responsável existente" })).toBeChecked();
    const combo = dialog.getByRole("combobox", { name: "Responsável" });
    // Tab from the radios reaches the combobox.
    for (let i = 0; i < 5 && !(await combo.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(combo).toBeFocused();
    await page.keyboard.type(`Teclado ${s.tag}`);
    const option = dialog.getByRole("option", { name: new RegExp(`Teclado ${s.tag}`) });
    await expect(option).toBeVisible();
    await expect(combo).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(combo).toHaveValue(found.person.fullName);
    await expect(dialog.getByText(`Selecionado: ${found.person.fullName}`)).toBeVisible();
    await expect(dialog.locator('input[type="hidden"][name="guardianId"]')).toHaveValue(found.guardian.id);

    // The page behind the modal dialog is inert: Tab never reaches it (past the
    // last control focus goes to the browser's own UI, then back into the dialog).
    let inside = 0;
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const where = await dialog.evaluate((el) =>
        el.contains(document.activeElement) ? "dialog" : document.activeElement === document.body ? "browser" : "page",
      );
      expect(where).not.toBe("page");
      if (where === "dialog") inside++;
    }
    expect(inside).toBeGreaterThan(30);
    await combo.focus();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Matricular Aluno" })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${month}$`));
  });

  test("Client cannot open the dialog (403) and sees no other family's trial", async ({ page, loginAs }) => {
    const month = "2033-06";
    const s = await setup(`${month}-12`);
    await loginAs("Client");
    await page.goto(`/trials?month=${month}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(block(page, s.studentName)).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Matricular/ })).toHaveCount(0);
    const res = await page.goto(`/trials/${s.trial.id}/enroll?month=${month}`);
    expect(res?.status()).toBe(403);
  });
});
