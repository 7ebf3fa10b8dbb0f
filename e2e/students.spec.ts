import type { Locator, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { makeBranch, makeClass, makeClassroom, makeCourse, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "./db";
import { expect, hydrated, test, fieldError } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

/** A class of `capacity` places with an active offer of its branch, and a family with one person. */
async function setup(capacity: number) {
  const branch = await makeBranch({ name: `Unidade ${tag()}` });
  const classroom = await makeClassroom(branch.id, { capacity });
  const course = await makeCourse({ name: `Ballet ${tag()}` });
  const { cls } = await makeClass({ branchId: branch.id, classroomId: classroom.id, courseId: course.id });
  const offer = await makeOffer(branch.id, { name: `Plano ${tag()}`, monthlyValue: "150.00" });
  const family = await makeGuardian(1);
  return {
    cls,
    offer,
    family,
    branchId: branch.id,
    shortLabel: `${course.name} - Turma ${cls.classNumber}`,
    classLabel: `${course.name} - Turma ${cls.classNumber} (${branch.name})`,
    offerLabel: `${offer.name} - R$ 150,00`,
  };
}

/**
 * Chooses a record in a search picker: with JavaScript by typing into the
 * combobox and clicking the option; without, through 'Buscar' (a GET of the
 * dialog) and the radio choice.
 */
async function pick(
  page: Page,
  dialog: () => Locator,
  jsEnabled: boolean,
  p: { label: string; searchLabel: string; term: string; choice: string },
) {
  if (jsEnabled) {
    await dialog().getByRole("combobox", { name: p.label }).fill(p.term);
    await dialog().getByRole("option", { name: p.choice }).click();
    await expect(dialog().getByRole("combobox", { name: p.label })).toHaveValue(p.choice);
  } else {
    await dialog().getByLabel(p.searchLabel).fill(p.term);
    await dialog().getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/(guardianQ|studentQ)=/);
    await dialog().getByRole("radio", { name: p.choice }).check();
  }
}

test.describe("Alunos e matrículas", () => {
  test("registers a student, finds it, enrols it; a full class sends the next to the waiting list; cancelling promotes the first", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(150_000);
    await loginAs("Administrator");
    const { cls, family, classLabel, shortLabel, offerLabel } = await setup(1);
    const guardianName = family.persons[0].fullName;
    const waiting = await makeStudent(family.guardian.id, { fullName: `Bruna ${tag()}` });
    const name = `Alice ${tag()}`;

    // The list, the menu entry and the 'Novo Aluno' dialog.
    await page.goto("/");
    await page.getByRole("link", { name: "Alunos" }).first().click();
    await expect(page.getByRole("heading", { name: "Alunos", level: 1 })).toBeVisible();
    await expectNoAxeViolations();
    await page.getByRole("link", { name: "Novo Aluno" }).click();
    await expect(page).toHaveURL(/\/students\/new$/);
    const dialog = () => page.getByRole("dialog", { name: "Novo Aluno" });
    await expect(dialog()).toBeVisible();
    if (jsEnabled) await hydrated(page);
    await dialog().getByRole("button", { name: "Cadastrar" }).click();
    await expect(fieldError(dialog(), "Nome do aluno é obrigatório")).toBeVisible();
    await expect(fieldError(dialog(), "Responsável é obrigatório")).toBeVisible();

    await dialog().getByLabel("Nome do aluno").fill(name);
    await pick(page, dialog, jsEnabled, {
      label: "Responsável",
      searchLabel: "Buscar responsável por nome, e-mail ou CPF",
      term: guardianName.slice(0, 12),
      choice: guardianName,
    });
    await expect(dialog().getByLabel("Nome do aluno")).toHaveValue(name);
    await dialog().getByLabel("Data de nascimento").fill("2017-04-02");
    await expectNoAxeViolations();
    await dialog().getByRole("button", { name: "Cadastrar" }).click();
    await expect(page).toHaveURL(/\/students\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Aluno cadastrado")).toBeVisible();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

    // Search by name on the list, then open the student's page.
    await page.goto("/students");
    await page.getByLabel("Buscar por nome").fill(name);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/q=Alice/);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText(guardianName);
    await expect(row).toContainText("anos");
    await row.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Nenhuma matrícula")).toBeVisible();
    await expect(page.getByText(guardianName)).toBeVisible();
    await expectNoAxeViolations();

    // 'Nova matrícula': the class, then its offer; the start date is the class's next session.
    await page.getByRole("link", { name: "Nova matrícula" }).click();
    const enroll = () => page.getByRole("dialog", { name: "Nova matrícula" });
    await expect(enroll()).toBeVisible();
    if (jsEnabled) await hydrated(page);
    await enroll().getByLabel("Turma").selectOption({ label: classLabel });
    if (!jsEnabled) await enroll().getByRole("button", { name: "Continuar" }).click();
    await expect(enroll().getByText("0 de 1 vagas")).toBeVisible();
    await expect(enroll().getByLabel("Data de início")).not.toHaveValue("");
    await enroll().getByLabel("Oferta").selectOption({ label: offerLabel });
    await expectNoAxeViolations();
    await enroll().getByRole("button", { name: "Matricular" }).click();
    await expect(page.getByText("Matrícula realizada")).toBeVisible();
    const enrolment = page.getByRole("row", { name: new RegExp(`Turma ${cls.classNumber}`) });
    await expect(enrolment).toContainText("Ativa");
    await expect(enrolment).toContainText(offerLabel);

    // The roster: 'N de M vagas', an empty waiting list.
    await enrolment.getByRole("link", { name: shortLabel, exact: true }).click();
    await expect(page.getByRole("heading", { name: "Alunos da Turma", level: 1 })).toBeVisible();
    await expect(page.getByText("1 de 1 vagas")).toBeVisible();
    await expect(page.getByText("Lista de espera vazia")).toBeVisible();
    await expectNoAxeViolations();

    // 'Matricular aluno' into the full class: known before submitting, the waiting list is the dialog's action.
    await page.getByRole("link", { name: "Matricular aluno" }).click();
    const add = () => page.getByRole("dialog", { name: "Matricular aluno" });
    await expect(add()).toBeVisible();
    await expect(add().getByText("Turma lotada (1/1)")).toBeVisible();
    await expect(add().getByText("Nenhuma outra turma deste curso tem vagas.")).toBeVisible();
    if (jsEnabled) await hydrated(page);
    await pick(page, add, jsEnabled, {
      label: "Aluno",
      searchLabel: "Buscar aluno por nome",
      term: waiting.fullName,
      choice: waiting.fullName,
    });
    await add().getByLabel("Oferta").selectOption({ label: offerLabel });
    await expect(add().getByRole("button", { name: "Matricular" })).toHaveCount(0);
    await expectNoAxeViolations();
    // From the keyboard.
    await add().getByRole("button", { name: "Entrar na lista de espera" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Aluno incluído na lista de espera")).toBeVisible();
    const waitlist = page.getByRole("table", { name: "Lista de espera, em ordem" });
    await expect(waitlist.getByRole("row")).toHaveCount(2);
    await expect(waitlist).toContainText(`1º`);
    await expect(waitlist).toContainText(waiting.fullName);
    await expect(waitlist.getByRole("link", { name: `Ver aluno ${waiting.fullName}` })).toBeVisible();

    // The students list tells her real state, in the student page's words (a card at 375 px, a row at 1280 px).
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/students?q=${encodeURIComponent(waiting.fullName)}`);
      await expect(page.getByRole("listitem").filter({ hasText: shortLabel, visible: true })).toHaveText(`${shortLabel} Em espera (1º)`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.goto(`/classes/${cls.id}/students`);

    // Cancel Alice's enrolment with a reason: Bruna is promoted, and the toast says so.
    await page.getByRole("link", { name: `Cancelar matrícula de ${name}` }).click();
    const cancel = () => page.getByRole("dialog", { name: "Cancelar matrícula" });
    await expect(cancel()).toBeVisible();
    // One red 'Cancelar matrícula' and 'Voltar': no second 'Cancelar…'.
    await expect(cancel().getByRole("button", { name: "Cancelar matrícula" })).toHaveClass(/btn-destructive/);
    await expect(cancel().getByRole("link", { name: "Voltar" })).toBeVisible();
    await expect(cancel().getByRole("link", { name: /^Cancelar/ })).toHaveCount(0);
    // Before the click, the dialog names who leaves the waiting list for the seat.
    await expect(cancel().getByText(`${waiting.fullName} sai da lista de espera e ocupa a vaga`)).toBeVisible();
    await cancel().getByRole("button", { name: "Cancelar matrícula" }).click();
    await expect(fieldError(cancel(), "Motivo do cancelamento é obrigatório")).toBeVisible();
    await cancel().getByLabel("Motivo do cancelamento").fill("Mudou de cidade");
    await cancel().getByRole("button", { name: "Cancelar matrícula" }).click();
    await expect(page.getByText(`Matrícula cancelada. ${waiting.fullName} saiu da lista de espera`)).toBeVisible();
    await expect(page.getByText("Lista de espera vazia")).toBeVisible();
    const roster = page.getByRole("table", { name: "Alunos matriculados" });
    await expect(roster).toContainText(waiting.fullName);
    await expect(roster).toContainText("Saiu da lista de espera");
    await expect(roster).not.toContainText(name);
    await expect(page.getByText("1 de 1 vagas")).toBeVisible();
    // Her family may be told at once: WhatsApp with the seat and the payment link.
    const notify = roster.getByRole("link", { name: `Avisar no WhatsApp a família de ${waiting.fullName}` });
    const url = new URL((await notify.getAttribute("href"))!);
    expect(url.origin + url.pathname).toBe(`https://wa.me/55${family.persons[0].phone}`);
    expect(url.searchParams.get("text")).toContain(waiting.fullName);
    expect(url.searchParams.get("text")).toContain("https://pagamento.exemplo.com/plano");
    await expectNoAxeViolations();
  });

  test("the classes list shows the occupancy, linking to the roster; guardian cards count their students", async ({
    page,
    loginAs,
    baseURL,
  }) => {
    await loginAs("Team");
    const { cls, offer, family, branchId } = await setup(8);
    const student = await makeStudent(family.guardian.id);
    await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id });
    // The classes list shows the globally selected branch's classes.
    const chosen = await page.request.post("/preferences/branch", {
      form: { branchId, redirectTo: "/classes" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(chosen.status()).toBe(302);
    await page.goto(`/guardians?q=${encodeURIComponent(family.persons[0].fullName)}`);
    await expect(page.getByText("+1 aluno(s)")).toBeVisible();
    await page.goto("/classes");
    const occupancy = page.getByRole("link", { name: `1/8 - Alunos da Turma #${cls.classNumber}` });
    await expect(occupancy).toBeVisible();
    await occupancy.click();
    await expect(page.getByRole("heading", { name: "Alunos da Turma", level: 1 })).toBeVisible();
    await expect(page.getByText("1 de 8 vagas")).toBeVisible();
    await expect(page.getByRole("table", { name: "Alunos matriculados" })).toContainText(student.fullName);
  });

  test("the student combobox works with the keyboard; Escape closes the list, then the dialog @js-only", async ({ page, loginAs }) => {
    await loginAs("Team");
    const { cls, family, offerLabel } = await setup(5);
    const first = `Valentina ${tag()}`;
    await makeStudent(family.guardian.id, { fullName: `${first} A` });
    const second = await makeStudent(family.guardian.id, { fullName: `${first} B` });

    await page.goto(`/classes/${cls.id}/students/enroll`);
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Matricular aluno" });
    const box = dialog.getByRole("combobox", { name: "Aluno" });
    await box.focus();
    await page.keyboard.type(first, { delay: 20 });
    // The list box's options (the offer select's options are options too).
    const options = dialog.getByRole("listbox").getByRole("option");
    await expect(options).toHaveCount(2);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("option", { name: second.fullName })).toHaveAttribute("data-focus", "");
    await page.keyboard.press("Enter");
    await expect(box).toHaveValue(second.fullName);
    await expect(dialog.getByRole("listbox")).toHaveCount(0);

    // Escape with the list open closes the list only.
    await page.keyboard.press("ArrowDown");
    await expect(options.first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog.getByRole("listbox")).toHaveCount(0);
    await expect(dialog).toBeVisible();

    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Oferta")).toBeFocused();
    await dialog.getByLabel("Oferta").selectOption({ label: offerLabel });
    await dialog.getByRole("button", { name: "Matricular" }).click();
    await expect(page.getByText("Matrícula realizada")).toBeVisible();
    await expect(page.getByRole("table", { name: "Alunos matriculados" })).toContainText(second.fullName);

    // Escape closes a dialog and goes back to the roster.
    await page.getByRole("link", { name: "Matricular aluno" }).click();
    await expect(page.getByRole("dialog", { name: "Matricular aluno" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(new RegExp(`/classes/${cls.id}/students$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the list pages by 24 keeping the search and the status, axe-clean on both ends at 375 px and 1280 px", async ({
    page,
    loginAs,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(150_000);
    const family = await makeGuardian(1);
    const name = `Lista ${tag()}`;
    for (let i = 0; i < 26; i++) await makeStudent(family.guardian.id, { fullName: `${name} ${String(i).padStart(2, "0")}` });
    await makeStudent(family.guardian.id, { fullName: `${name} Inativa`, active: false });
    const user = await loginAs("Client");
    // The Client's own family: it reads these students, read-only.
    await family.guardian.update({ userId: user.id });

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/students?q=${encodeURIComponent(name)}&status=active`);
      await expect(page.getByText("26 alunos")).toBeVisible();
      await expect(page.getByText(`${name} Inativa`)).toHaveCount(0);
      const nav = page.getByRole("navigation", { name: "Paginação" });
      await expect(nav.getByText("Página 1 de 2")).toBeVisible();
      await expect(page.getByRole("link", { name: "Novo Aluno" })).toHaveCount(0);
      await expectNoAxeViolations();
      await nav.getByRole("link", { name: "Próxima" }).click();
      await expect(nav.getByText("Página 2 de 2")).toBeVisible();
      await expect(page).toHaveURL(/status=active/);
      await expect(page.getByRole("link", { name: `${name} 25` }).first()).toBeVisible();
      await expectNoAxeViolations();
    }
  });

  test("administrator edits and deletes a student from its page; Team sees only 'Nova matrícula'", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    const family = await makeGuardian(1);
    const student = await makeStudent(family.guardian.id, { fullName: `Davi ${tag()}`, birthDate: "2015-08-20" });

    await loginAs("Team");
    await page.goto(`/students/${student.id}`);
    await expect(page.getByRole("link", { name: "Nova matrícula" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Excluir" })).toHaveCount(0);

    await loginAs("Administrator");
    await page.goto(`/students/${student.id}`);
    await page.getByRole("link", { name: "Editar" }).click();
    const edit = () => page.getByRole("dialog", { name: "Editar Aluno" });
    await expect(edit().getByLabel("Nome do aluno")).toHaveValue(student.fullName);
    await expect(edit().getByLabel("Data de nascimento")).toHaveValue("2015-08-20");
    if (jsEnabled) {
      await hydrated(page);
      await expect(edit().getByRole("combobox", { name: "Responsável" })).toHaveValue(family.persons[0].fullName);
    } else await expect(edit().getByRole("radio", { name: family.persons[0].fullName })).toBeChecked();
    await expectNoAxeViolations();
    const renamed = `Davi Renomeado ${tag()}`;
    await edit().getByLabel("Nome do aluno").fill(renamed);
    await edit().getByLabel("Observações").fill("Alergia a amendoim");
    await edit().getByLabel("Ativo").uncheck();
    await edit().getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByText("Aluno atualizado")).toBeVisible();
    await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
    await expect(page.getByText("Alergia a amendoim")).toBeVisible();
    await expect(page.getByText("Inativo")).toBeVisible();
    // An inactive student is not enrolled anew.
    await expect(page.getByRole("link", { name: "Nova matrícula" })).toHaveCount(0);

    await page.getByRole("link", { name: "Excluir" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await expect(confirm.getByText("Tem certeza que deseja excluir este aluno? Esta ação não pode ser desfeita.")).toBeVisible();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page).toHaveURL(/\/students$/);
    await expect(page.getByText("Aluno removido")).toBeVisible();
    await page.goto(`/students?q=${encodeURIComponent(renamed)}`);
    await expect(page.getByText("Nenhum aluno encontrado")).toBeVisible();
  });
});
