import { randomUUID } from "node:crypto";
import { addDays, today } from "../app/domain/calendar/dates";
import { firstSessionDate, latestSessionOnOrBefore } from "../app/domain/calendar/sessions";
import {
  makeAttendance,
  makeBranch,
  makeCharge,
  makeClass,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStudent,
} from "./db";
import type { APIRequestContext } from "@playwright/test";
import { createUser, expect, fieldError, hydrated, test } from "./fixtures";

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
    await expect(page.getByText(stranger.fullName)).toHaveCount(0);
    await page.getByRole("link", { name: "Meus dados" }).click();
    await expect(page.getByRole("region", { name: "Meus dados" })).toContainText(family.persons[0].fullName);
    await expectNoAxeViolations();
    // 'Financeiro' of a family without charges: says so.
    await page.getByRole("link", { name: "Financeiro" }).click();
    await expect(page.getByRole("region", { name: "Financeiro" }).getByText("Nenhuma cobrança para a sua família")).toBeVisible();

    // Another family's student is not found to it.
    const res = await page.goto(`/students/${stranger.id}`);
    expect(res?.status()).toBe(404);
  });

  test("a parent warns of an absence, books a make-up and edits a phone, with the keyboard's dialogs; axe-clean at 375 px", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    const WEEKDAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
    const branch = await makeBranch({ name: `Unidade ${tag()}` });
    const course = await makeCourse({ name: `Balé ${tag()}` });
    const createdAt = new Date(Date.now() - 21 * 86_400_000);
    const ballet = await makeClass({
      branchId: branch.id,
      courseId: course.id,
      schedules: WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: "08:00", endTime: "09:00" })),
      createdAt,
    });
    const room = await makeClassroom(branch.id, { capacity: 8 });
    await makeClass({
      branchId: branch.id,
      classroomId: room.id,
      courseId: course.id,
      schedules: WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: "16:00", endTime: "17:00" })),
      createdAt,
    });
    const offer = await makeOffer(branch.id);
    const user = await loginAs("Client");
    const family = await makeGuardian(2);
    await family.guardian.update({ userId: user.id });
    const [ana, bia] = await Promise.all(
      ["Ana", "Bia"].map((name) => makeStudent(family.guardian.id, { fullName: `${name} Ações ${tag()}` })),
    );
    const enrollment = await makeEnrollment({ studentId: ana.id, classId: ballet.cls.id, offerId: offer.id, startDate: "2020-01-06" });
    await makeEnrollment({ studentId: bia.id, classId: ballet.cls.id, offerId: offer.id, startDate: "2020-01-06" });
    const schedules = ballet.schedules.map((x) => ({ id: x.id, dayOfWeek: x.dayOfWeek, startTime: x.startTime, endTime: x.endTime }));
    const missed = latestSessionOnOrBefore(schedules, firstSessionDate(createdAt), addDays(today(), -1))!;
    await makeAttendance({
      enrollmentId: enrollment.id,
      classId: ballet.cls.id,
      scheduleId: missed.scheduleId,
      date: missed.date,
      status: "Falta",
    });

    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/family");
    const anaSection = page.getByRole("region", { name: ana.fullName });
    await expect(anaSection).toBeVisible();
    await expect(page.getByRole("region", { name: bia.fullName })).toBeVisible();
    if (jsEnabled) await hydrated(page);

    // 'Avisar falta' on Ana's next session: a dialog with an optional note.
    const warn = anaSection.getByRole("link", { name: /^Avisar falta de/ }).first();
    const notice = page.getByRole("dialog", { name: "Avisar falta" });
    // With the keyboard: the link opens the dialog, Escape closes it (a real modal, with JavaScript).
    await warn.focus();
    await page.keyboard.press("Enter");
    await expect(notice).toBeVisible();
    if (jsEnabled) {
      await hydrated(page);
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/\/family$/);
      await expect(notice).toHaveCount(0);
      await warn.focus();
      await page.keyboard.press("Enter");
      await expect(notice).toBeVisible();
    }
    await expectNoAxeViolations();
    await notice.getByLabel("Observação (opcional)").fill("Consulta médica");
    await notice.getByRole("button", { name: "Avisar falta" }).press("Enter");
    await expect(page).toHaveURL(/\/family$/);
    await expect(page.getByText("Falta avisada", { exact: true })).toBeVisible();
    await expect(anaSection.getByText("Falta avisada: Consulta médica")).toBeVisible();
    await expect(anaSection.getByRole("button", { name: /^Cancelar aviso de falta de/ })).toHaveCount(1);
    await expectNoAxeViolations();

    // 'Agendar reposição' for the absence: a session of the other class of the course, with room.
    await anaSection.getByRole("link", { name: /^Agendar reposição da falta de/ }).click();
    const makeup = page.getByRole("dialog", { name: "Agendar reposição" });
    await expect(makeup).toBeVisible();
    await makeup.getByRole("button", { name: "Agendar reposição" }).click();
    await expect(fieldError(makeup, "Escolha uma aula para a reposição")).toBeVisible();
    await makeup.getByRole("radio").first().check();
    await makeup.getByRole("button", { name: "Agendar reposição" }).click();
    await expect(page).toHaveURL(/\/family$/);
    // The toast says whose make-up, when and where: 'Reposição de Ana: seg 30/11, 18:00, Unidade …'.
    await expect(page.getByText(/^Reposição de Ana: (seg|ter|qua|qui|sex|sáb) \d{2}\/\d{2}, \d{2}:\d{2}, Unidade /)).toBeVisible();
    await expect(anaSection.getByText(/Reposição agendada para/)).toBeVisible();
    await expect(anaSection.getByRole("link", { name: /^Agendar reposição da falta de/ })).toHaveCount(0);
    await expectNoAxeViolations();

    // 'Cancelar aviso': the session may be warned of again.
    await anaSection.getByRole("button", { name: /^Cancelar aviso de falta de/ }).click();
    await expect(page.getByText("Aviso de falta cancelado")).toBeVisible();
    await expect(anaSection.getByText("Falta avisada: Consulta médica")).toHaveCount(0);
    await expect(anaSection.getByRole("button", { name: /^Cancelar aviso de falta de/ })).toHaveCount(0);

    // 'Meus dados': a phone changed (a bad one first: the field's message), the data download link.
    await page.getByRole("link", { name: "Meus dados" }).click();
    const data = page.getByRole("region", { name: "Meus dados" });
    await expect(data).toContainText(family.persons[1].fullName);
    await data.getByRole("link", { name: `Editar contato de ${family.persons[1].fullName}` }).click();
    const contact = page.getByRole("dialog", { name: "Editar contato" });
    await expect(contact).toBeVisible();
    if (jsEnabled) await hydrated(page);
    await contact.getByLabel("Telefone").fill("1199");
    await contact.getByRole("button", { name: "Atualizar" }).click();
    await expect(fieldError(contact, "Telefone incompleto: DDD + número (10 ou 11 dígitos)")).toBeVisible();
    await contact.getByLabel("Telefone").fill("11977776666");
    await contact.getByRole("button", { name: "Atualizar" }).click();
    await expect(page).toHaveURL(/\/family\?tab=dados$/);
    await expect(data).toContainText("(11) 97777-6666");
    await expect(data.getByRole("link", { name: "Baixar meus dados" })).toHaveAttribute(
      "href",
      `/api/guardians/${family.guardian.id}/export`,
    );
    await expectNoAxeViolations();
  });

  test("'Financeiro': 'Vencido' and 'A vencer', due today without future charges, the class as title, Pix first, QR and history folded; 375 and 1280 px, axe-clean", async ({
    page,
    request,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    // Two branches: one with a Pix key (set by an Administrator through the API), one without.
    const keyed = await makeBranch({ name: `Unidade Pix ${tag()}` });
    const keyless = await makeBranch({ name: `Unidade Sem Pix ${tag()}` });
    await pixKeyOf(request, keyed.id);

    const user = await loginAs("Client");
    const family = await makeGuardian(1);
    await family.guardian.update({ userId: user.id });
    const ana = await makeStudent(family.guardian.id, { fullName: `Ana Financeiro ${tag()}` });
    const course = await makeCourse({ name: `Ballet Clássico ${tag()}` });
    const made = await makeClass({ branchId: keyed.id, courseId: course.id });
    const offer = await makeOffer(keyed.id);
    const enrollment = await makeEnrollment({ studentId: ana.id, classId: made.cls.id, offerId: offer.id, startDate: "2020-01-06" });
    const classTitle = `${course.name} - Turma ${made.cls.classNumber}`;
    const t = tag();
    // R$ 200,00 due 40 days ago: fine 2 % (4,00) and interest 1 % a month for 40 days (2,67): 206,67 due today.
    const late = await makeCharge({
      guardianId: family.guardian.id,
      branchId: keyed.id,
      studentId: ana.id,
      enrollmentId: enrollment.id,
      description: `Mensalidade atrasada ${t}`,
      amountCents: 20_000,
      dueDate: addDays(today(), -40),
    });
    await makeCharge({
      guardianId: family.guardian.id,
      branchId: keyless.id,
      studentId: ana.id,
      description: `Figurino ${t}`,
      amountCents: 5_000,
      dueDate: addDays(today(), 5),
    });
    await makeCharge({
      guardianId: family.guardian.id,
      branchId: keyed.id,
      description: `Mensalidade paga ${t}`,
      dueDate: addDays(today(), -70),
      status: "Paga",
    });
    const other = await makeGuardian(1);
    await makeCharge({ guardianId: other.guardian.id, branchId: keyed.id, description: `Outra família ${t}` });

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/family");
      await page.getByRole("navigation", { name: "Seções da família" }).getByRole("link", { name: "Financeiro" }).click();
      await expect(page).toHaveURL(/\/family\?tab=financeiro$/);
      const finance = page.getByRole("region", { name: "Financeiro" });
      await expect(finance.getByText("Total devido hoje")).toBeVisible();
      // What is due today: the overdue charge only, not the R$ 50,00 due in five days.
      await expect(finance.getByText("R$ 206,67", { exact: true }).first()).toBeVisible();
      await expect(finance.getByText("R$ 256,67")).toHaveCount(0);
      await expect(finance.getByRole("heading", { level: 3 })).toHaveText(["Vencido", "A vencer"]);
      await expect(page.getByText(`Outra família ${t}`)).toHaveCount(0);

      // The charge of an enrolment is titled by its class; its own words below.
      const overdue = finance.getByRole("region", { name: "Vencido" }).getByRole("article", { name: classTitle });
      await expect(overdue).toContainText(`Mensalidade atrasada ${t}`);
      await expect(overdue).toContainText("Vencida · há 40 dias");
      await expect(overdue).toContainText(ana.fullName);
      for (const [label, value] of [
        ["Valor", "R$ 200,00"],
        ["Multa", "R$ 4,00"],
        ["Juros", "R$ 2,67"],
        ["Devido hoje", "R$ 206,67"],
      ]) {
        await expect(overdue.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]")).toHaveText(value);
      }
      const code = overdue.getByLabel("Código Pix");
      await expect(code).toHaveValue(/^000201.*br\.gov\.bcb\.pix/);
      await expect(code).toHaveAttribute("readonly", "");
      const payload = await code.inputValue();
      expect(payload).toContain("5406206.67");
      expect(payload).toContain(late.code);
      // The QR behind 'Mostrar QR' (a <details>: no JavaScript needed).
      const qr = overdue.getByRole("img", { name: `QR Code do Pix de ${classTitle}` });
      await expect(qr).toBeHidden();
      await overdue.getByText("Mostrar QR").click();
      await expect(qr.locator("svg")).toBeVisible();

      // 'A vencer': the branch without a Pix key tells whom to ask.
      const upcoming = finance.getByRole("region", { name: "A vencer" }).getByRole("article", { name: `Figurino ${t}` });
      await expect(upcoming).toContainText("Aberta");
      await expect(upcoming).toContainText("Pix indisponível para esta cobrança: fale com a secretaria da escola.");
      await expect(upcoming.getByLabel("Código Pix")).toHaveCount(0);

      // The paid one folded in 'Histórico (1)'.
      const paid = finance.getByRole("article", { name: `Mensalidade paga ${t}` });
      await expect(paid).toBeHidden();
      await finance.getByText("Histórico (1)").click();
      await expect(paid).toBeVisible();
      await expect(paid).toContainText("✓ Paga");
      await expect(paid.getByLabel("Código Pix")).toHaveCount(0);
      await expectNoAxeViolations();

      const copy = overdue.getByRole("button", { name: "Copiar código Pix" });
      if (jsEnabled) {
        await hydrated(page);
        // First, before the code; full width on a phone.
        const [button, field] = [(await copy.boundingBox())!, (await code.boundingBox())!];
        expect(button.y).toBeLessThan(field.y);
        if (width === 375) expect(Math.abs(button.width - field.width)).toBeLessThan(2);
        // It puts the code on the clipboard, with the keyboard.
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await copy.focus();
        await page.keyboard.press("Enter");
        await expect(page.getByText("Código Pix copiado")).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payload);
      } else {
        // Without JavaScript no dead button: the read-only field is selected by hand.
        await expect(copy).toHaveCount(0);
        await code.focus();
        await code.selectText();
      }
    }
  });

  test("the summary card: the next class (who, when, where) and 'A pagar' with its total and the Pix; a bottom tab bar on phones; 375 and 1280 px, axe-clean", async ({
    page,
    request,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    const branch = await makeBranch({ name: `Unidade Resumo ${tag()}` });
    await pixKeyOf(request, branch.id);
    const course = await makeCourse({ name: `Jazz ${tag()}` });
    const made = await makeClass({
      branchId: branch.id,
      courseId: course.id,
      schedules: ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"].map((dayOfWeek) => ({
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
    const bia = await makeStudent(family.guardian.id, { fullName: `Bia Resumo ${tag()}` });
    await makeEnrollment({ studentId: bia.id, classId: made.cls.id, offerId: offer.id, startDate: "2020-01-06" });
    const t = tag();
    // R$ 100,00 ten days late: 2,00 fine and 0,33 interest; R$ 50,00 due in three days; R$ 80,00 in a month is not 'A pagar' yet.
    await makeCharge({
      guardianId: family.guardian.id,
      branchId: branch.id,
      studentId: bia.id,
      description: `Atrasada ${t}`,
      amountCents: 10_000,
      dueDate: addDays(today(), -10),
    });
    await makeCharge({
      guardianId: family.guardian.id,
      branchId: branch.id,
      description: `Em breve ${t}`,
      amountCents: 5_000,
      dueDate: addDays(today(), 3),
    });
    await makeCharge({
      guardianId: family.guardian.id,
      branchId: branch.id,
      description: `Futura ${t}`,
      amountCents: 8_000,
      dueDate: addDays(today(), 30),
    });

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await expect(page).toHaveURL(/\/family$/);
      const summary = page.getByRole("region", { name: "Resumo" });
      const next = summary.getByTestId("next-class");
      await expect(next).toContainText(bia.fullName);
      await expect(next).toContainText(/(Domingo|Segunda|Terça|Quarta|Quinta|Sexta|Sábado)[^,]*, \d{1,2} de \p{L}+ · 18:00–19:00/u);
      await expect(next).toContainText(`${course.name} - Turma ${made.cls.classNumber} · ${branch.name}`);

      const toPay = summary.getByRole("list", { name: "Cobranças a pagar" });
      await expect(toPay.getByRole("listitem")).toHaveCount(2);
      await expect(toPay.getByRole("listitem").first()).toContainText(`Atrasada ${t}`);
      await expect(toPay.getByRole("listitem").first()).toContainText("Vencida · há 10 dias");
      await expect(toPay.getByRole("listitem").nth(1)).toContainText(`Em breve ${t}`);
      await expect(summary.getByText(`Futura ${t}`)).toHaveCount(0);
      await expect(summary.getByText("R$ 152,33")).toBeVisible();
      // The most urgent charge's Pix, and the way to 'Financeiro'.
      await expect(summary.getByLabel("Código Pix")).toHaveValue(/5406102\.33/);
      await expect(summary.getByRole("button", { name: "Copiar código Pix" })).toHaveCount(jsEnabled ? 1 : 0);
      await expect(summary.getByRole("link", { name: "Ver Financeiro" })).toHaveAttribute("href", "/family?tab=financeiro");

      const tabs = page.getByRole("navigation", { name: "Seções da família" });
      await expect(tabs.getByRole("link")).toHaveText(["Minha família", "Financeiro", "Meus dados"]);
      await expect(tabs.getByRole("link", { name: "Minha família" })).toHaveAttribute("aria-current", "page");
      const bar = (await tabs.boundingBox())!;
      if (width === 375) {
        // A tab bar at the bottom of the screen, each tab a large target.
        expect(Math.round(bar.y + bar.height)).toBe(800);
        expect(Math.round(bar.width)).toBe(375);
        expect((await tabs.getByRole("link").first().boundingBox())!.height).toBeGreaterThanOrEqual(44);
      } else {
        expect(bar.y).toBeLessThan(300);
      }
      // A visible focus ring on the keyboard's tab.
      await tabs.getByRole("link", { name: "Meus dados" }).focus();
      await expect(tabs.getByRole("link", { name: "Meus dados" })).not.toHaveCSS("box-shadow", "none");
      await expectNoAxeViolations();
      await tabs.getByRole("link", { name: "Financeiro" }).click();
      await expect(page).toHaveURL(/\/family\?tab=financeiro$/);
      await expect(tabs.getByRole("link", { name: "Financeiro" })).toHaveAttribute("aria-current", "page");
      await expect(tabs.getByRole("link", { name: "Minha família" })).not.toHaveAttribute("aria-current", "page");
    }
  });

  test("a parent who signs in lands on its family's space", async ({ page, baseURL }) => {
    const parent = await createUser(baseURL!, "Client");
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(parent.email);
    await page.getByLabel("Senha", { exact: true }).fill(parent.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/family$/);
    await expect(page.getByRole("heading", { level: 1, name: "Minha família" })).toBeVisible();
  });
});

/** An Administrator (in the test's own request context) gives the branch a Pix key. */
async function pixKeyOf(request: APIRequestContext, branchId: string) {
  const admin = await request.post("/api/register", {
    data: { name: "Admin Financeiro", email: `admin.fin.${tag()}@teste.com`, password: "segredo123", userType: "Administrator" },
  });
  expect(admin.status()).toBe(201);
  const settings = await request.put(`/api/branches/${branchId}/billing-settings`, {
    data: { pixKey: "financeiro@escola.com.br", payeeName: "Escola de Dança", payeeCity: "São Paulo" },
  });
  expect(settings.status()).toBe(200);
}
