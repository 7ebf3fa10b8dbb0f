import type { APIRequestContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import {
  makeBranch as makeBranchRow,
  makeClass,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStaffUser,
  makeStudent,
} from "./db";
import { expect, fieldError, selectBranch, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

/** The JSON answer of a create call (201 expected); a name for what the test reads of it. */
async function created<T = { id: string; name: string }>(res: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** A branch with its classrooms and schedules, made through the JSON API as the signed-in administrator. */
async function makeBranch(api: APIRequestContext, rooms: Record<string, Array<[string, string, string]>>) {
  const branch = await created(await api.post("/api/branches", { data: { name: `Unidade ${tag()}`, address: "Rua das Flores, 10" } }));
  const classrooms: Record<string, { id: string; name: string }> = {};
  for (const [name, slots] of Object.entries(rooms)) {
    const room = await created(await api.post("/api/classrooms", { data: { branchId: branch.id, name, capacity: 20 } }));
    for (const [dayOfWeek, startTime, endTime] of slots) {
      await created(await api.post("/api/classroom-schedules", { data: { classroomId: room.id, dayOfWeek, startTime, endTime } }));
    }
    classrooms[name] = room;
  }
  return { branch: branch as { id: string; name: string }, classrooms };
}

test.describe("Turmas", () => {
  test("administrator creates, edits and deletes a class through the dependent selects", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(90_000);
    const me = await loginAs("Administrator", `Professora ${tag()}`);
    const api = page.request;
    const { branch } = await makeBranch(api, {
      "Sala Azul": [
        ["Quarta", "18:00", "19:00"],
        ["Segunda", "08:00", "09:00"],
      ],
      "Sala Rosa": [["Sábado", "10:00", "11:00"]],
    });
    const course = await created(await api.post("/api/courses", { data: { name: `Jazz ${tag()}` } }));
    await selectBranch(page, branch.name, jsEnabled);

    await page.goto("/classes");
    await expect(page.getByRole("heading", { name: "Turmas", level: 1 })).toBeVisible();
    await expect(page.getByTestId("classes-branch-filter")).toContainText(branch.name);
    await page.getByRole("link", { name: "Adicionar Turma" }).click();
    await expect(page).toHaveURL(/\/classes\/new$/);
    const dialog = page.getByRole("dialog", { name: "Adicionar Turma" });
    await expect(dialog).toBeVisible();

    // Nothing chosen (a select with a single option may be preselected): the §5 messages.
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(fieldError(dialog, "Selecione pelo menos um horário")).toBeVisible();
    await expect(fieldError(dialog, "Sala é obrigatória")).toBeVisible();

    await dialog.getByLabel("Curso").selectOption({ label: course.name });
    await dialog.getByLabel("Responsável").selectOption({ label: me.name });
    await dialog.getByLabel("Unidade").selectOption({ label: branch.name });
    if (jsEnabled) await expect(dialog.getByRole("button", { name: "Continuar" })).toHaveCount(0);
    else await dialog.getByRole("button", { name: "Continuar" }).click();
    const room = dialog.getByRole("combobox", { name: "Sala", exact: true });
    await expect(room.locator("option")).toHaveText(["Selecione a sala", "Sala Azul", "Sala Rosa"]);
    await room.selectOption({ label: "Sala Azul" });
    if (!jsEnabled) await dialog.getByRole("button", { name: "Continuar" }).click();
    // Weekday order, then time; choices made before 'Continuar' are kept.
    await expect(dialog.getByRole("checkbox")).toHaveCount(3);
    await expect(dialog.locator("label", { hasText: /^(Segunda|Quarta)/ })).toHaveText(["Segunda 08:00-09:00", "Quarta 18:00-19:00"]);
    await expect(dialog.getByLabel("Curso")).toHaveValue(course.id);
    await dialog.getByLabel("Segunda 08:00-09:00").check();
    await dialog.getByLabel("Quarta 18:00-19:00").check();
    await expectNoAxeViolations();
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(page).toHaveURL(/\/classes$/);
    await expect(page.getByText("Turma criada com sucesso")).toBeVisible();

    const cls = ((await (await api.get("/api/classes")).json()) as Array<{ id: string; classNumber: number; courseId: string }>).find(
      (c) => c.courseId === course.id,
    )!;
    const row = page.getByRole("row", { name: new RegExp(`#${cls.classNumber} `) });
    await expect(row).toContainText(course.name);
    await expect(row).toContainText(me.name);
    await expect(row).toContainText("Sala Azul");
    await expect(row).toContainText("Segunda 08:00-09:00");
    await expect(row).toContainText("Ativo");

    // Edit: another classroom; its single schedule is preselected.
    await page.getByRole("link", { name: `Editar Turma #${cls.classNumber}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Turma" });
    await expect(edit.getByLabel("Segunda 08:00-09:00")).toBeChecked();
    await edit.getByRole("combobox", { name: "Sala", exact: true }).selectOption({ label: "Sala Rosa" });
    if (!jsEnabled) await edit.getByRole("button", { name: "Continuar" }).click();
    await expect(edit.getByLabel("Sábado 10:00-11:00")).toBeChecked();
    await edit.getByLabel("Ativo").uncheck();
    await edit.getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByText("Turma atualizada com sucesso")).toBeVisible();
    await expect(row).toContainText("Sala Rosa");
    await expect(row).toContainText("Sábado 10:00-11:00");
    await expect(row).not.toContainText("Segunda 08:00-09:00");
    await expect(row).toContainText("Inativo");

    await page.getByRole("link", { name: `Excluir Turma #${cls.classNumber}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await expect(confirm.getByText("Tem certeza que deseja excluir esta turma? Esta ação não pode ser desfeita.")).toBeVisible();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Turma excluída com sucesso")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("changing the branch clears the classroom and schedules at once @js-only", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    const api = page.request;
    const a = await makeBranch(api, { "Sala Única": [["Terça", "09:00", "10:00"]] });
    const b = await makeBranch(api, { "Sala B1": [["Quinta", "07:00", "08:00"]], "Sala B2": [] });
    await page.goto("/classes/new");
    const dialog = page.getByRole("dialog", { name: "Adicionar Turma" });
    await expect.poll(() => page.evaluate(() => document.querySelector("dialog")?.matches(":modal"))).toBe(true);
    await dialog.getByLabel("Unidade").selectOption({ label: a.branch.name });
    // A single classroom and a single schedule are preselected.
    await expect(dialog.getByRole("combobox", { name: "Sala", exact: true })).toHaveValue(a.classrooms["Sala Única"].id);
    await expect(dialog.getByLabel("Terça 09:00-10:00")).toBeChecked();
    await dialog.getByLabel("Unidade").selectOption({ label: b.branch.name });
    await expect(dialog.getByRole("combobox", { name: "Sala", exact: true })).toHaveValue("");
    await expect(dialog.getByRole("combobox", { name: "Sala", exact: true }).locator("option")).toHaveText([
      "Selecione a sala",
      "Sala B1",
      "Sala B2",
    ]);
    await expect(dialog.getByRole("checkbox", { name: /Terça/ })).toHaveCount(0);
    await expect(dialog.getByText("Selecione uma sala para ver os horários")).toBeVisible();
    await dialog.getByRole("combobox", { name: "Sala", exact: true }).selectOption({ label: "Sala B2" });
    await expect(dialog.getByText("Esta sala não possui horários cadastrados")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/classes$/);
  });

  test("the list follows the branch chosen on the dashboard; Team sees no controls", async ({
    page,
    browser,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(90_000);
    const admin = await loginAs("Administrator", `Coordenação ${tag()}`);
    const api = page.request;
    const a = await makeBranch(api, { "Sala A": [["Sexta", "07:00", "08:00"]] });
    const b = await makeBranch(api, { "Sala B": [["Segunda", "19:00", "20:00"]] });
    const course = await created(await api.post("/api/courses", { data: { name: `Hip Hop ${tag()}` } }));
    const make = async (x: typeof a, room: string) => {
      const schedules = await (await api.get(`/api/classroom-schedules/classroom/${x.classrooms[room].id}`)).json();
      return created<{ id: string; classNumber: number }>(
        await api.post("/api/classes", {
          data: {
            courseId: course.id,
            responsibleId: admin.id,
            branchId: x.branch.id,
            classroomId: x.classrooms[room].id,
            scheduleIds: [schedules[0].id],
          },
        }),
      );
    };
    const inA = await make(a, "Sala A");
    const inB = await make(b, "Sala B");

    // Another person, Team, looks at the list.
    const context = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL: test.info().project.use.baseURL });
    const teamPage = await context.newPage();
    const register = await teamPage.request.post("/api/register", {
      data: { name: "Equipe Turmas", email: `equipe.${tag()}@teste.com`, password: "segredo123", userType: "Team" },
    });
    expect(register.status()).toBe(201);

    await selectBranch(teamPage, b.branch.name, jsEnabled);
    await teamPage.goto("/classes");
    await expect(teamPage.getByTestId("classes-branch-filter")).toContainText(b.branch.name);
    await expect(teamPage.getByRole("row", { name: new RegExp(`#${inB.classNumber} `) })).toContainText("Segunda 19:00-20:00");
    await expect(teamPage.getByRole("row", { name: new RegExp(`#${inA.classNumber} `) })).toHaveCount(0);
    await expect(teamPage.getByRole("link", { name: "Adicionar Turma" })).toHaveCount(0);
    await expect(teamPage.getByRole("link", { name: /^Editar/ })).toHaveCount(0);

    await selectBranch(teamPage, a.branch.name, jsEnabled);
    await teamPage.goto("/classes");
    await expect(teamPage.getByRole("row", { name: new RegExp(`#${inA.classNumber} `) })).toContainText("Sexta 07:00-08:00");
    await expect(teamPage.getByRole("row", { name: new RegExp(`#${inB.classNumber} `) })).toHaveCount(0);
    await context.close();

    await selectBranch(page, a.branch.name, jsEnabled);
    await page.goto("/classes");
    await expect(page.getByRole("row", { name: new RegExp(`#${inA.classNumber} `) })).toBeVisible();
    await expectNoAxeViolations();
  });

  test("the list and the roster fit 375 and 1280 px: nothing scrolls sideways, 'Chamada' and the pupils' actions in view; the roster is a table from 768 px", async ({
    page,
    loginAs,
    baseURL,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    await loginAs("Administrator");
    // Long names, several schedules: what made the table overflow its box.
    const branch = await makeBranchRow({ name: `Unidade Jardim das Flores ${tag()}` });
    const course = await makeCourse({ name: `Dança Contemporânea Avançada ${tag()}` });
    const responsible = await makeStaffUser("Team");
    await responsible.update({ name: `Professora Maria Aparecida dos Santos ${tag()}` });
    const classroom = await makeClassroom(branch.id, { name: "Sala Grande Espelhada", capacity: 2 });
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        await makeClass({
          branchId: branch.id,
          classroomId: classroom.id,
          courseId: course.id,
          responsibleId: responsible.id,
          schedules: [
            { dayOfWeek: "Segunda", startTime: "18:30", endTime: "19:30" },
            { dayOfWeek: "Quarta", startTime: "18:30", endTime: "19:30" },
          ],
        }),
      );
    }
    const cls = made[0].cls;
    const offer = await makeOffer(branch.id);
    const family = await makeGuardian(1);
    for (const [i, status] of (["Ativa", "Ativa", "Em espera"] as const).entries()) {
      const student = await makeStudent(family.guardian.id, { fullName: `Aluna Com Nome Bem Comprido ${i} ${tag()}` });
      await makeEnrollment({
        studentId: student.id,
        classId: cls.id,
        offerId: offer.id,
        status,
        waitlistPosition: status === "Em espera" ? 1 : null,
      });
    }
    const chosen = await page.request.post("/preferences/branch", {
      form: { branchId: branch.id, redirectTo: "/classes" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(chosen.status()).toBe(302);

    const noSidewaysScroll = async () => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // No box scrolls sideways hiding what it holds (the list's table box, the roster's tables).
      const hidden = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".stack-wrap, .overflow-x-auto")]
          .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth)
          .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
      );
      expect(hidden).toEqual([]);
    };
    const inView = async (locator: import("@playwright/test").Locator) => {
      await expect(locator).toBeVisible();
      const box = (await locator.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
    };

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/classes");
      await expect(page.getByRole("link", { name: `Chamada Turma #${cls.classNumber}` })).toBeVisible();
      await noSidewaysScroll();
      for (const c of made) await inView(page.getByRole("link", { name: `Chamada Turma #${c.cls.classNumber}` }));
      await inView(page.getByRole("link", { name: `Excluir Turma #${cls.classNumber}` }));

      await page.goto(`/classes/${cls.id}/students`);
      await expect(page.getByRole("heading", { name: "Alunos da Turma", level: 1 })).toBeVisible();
      await noSidewaysScroll();
      // One table for every width: below 768 px each of its rows is a card (CSS).
      const table = page.getByRole("table", { name: "Alunos matriculados" });
      await expect(table.locator("tbody > tr").first()).toHaveCSS("display", width >= 768 ? "table-row" : "block");
      const first = `Aluna Com Nome Bem Comprido 0`;
      const actions = page.getByRole("link", { name: new RegExp(`^Cancelar matrícula de ${first}`) });
      await inView(actions.filter({ visible: true }));
      await inView(page.getByRole("link", { name: new RegExp(`^Ver aluno ${first}`) }).filter({ visible: true }));
      await inView(page.getByRole("link", { name: /^Ver aluno Aluna Com Nome Bem Comprido 2/ }).filter({ visible: true }));
      await expectNoAxeViolations();
    }
    // From 768 px the roster is a table.
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(`/classes/${cls.id}/students`);
    for (const name of ["Alunos matriculados", "Lista de espera, em ordem"]) {
      await expect(page.getByRole("table", { name }).locator("tbody > tr").first()).toHaveCSS("display", "table-row");
    }
    await noSidewaysScroll();
  });
});
