import { randomUUID } from "node:crypto";
import {
  makeAttendance,
  makeBranch,
  makeCharge,
  makeClass,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makePayment,
  makeStudent,
  makeTrial,
  makeUser,
} from "./db";
import { expect, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

/**
 * A branch with a class, two trials (one enrolled, owned by `owner`; one lost for 'Preço'), enrolments,
 * roll-call records and two monthly charges (one paid by Pix, one still open) in early 2019.
 */
async function network() {
  const branch = await makeBranch({ name: `Unidade Relatórios ${tag()}` });
  const made = await makeClass({ branchId: branch.id });
  const offer = await makeOffer(branch.id);
  const changedAt = new Date("2019-01-10T12:00:00Z");
  const owner = await makeUser({ name: `Responsável Relatórios ${tag()}`, userType: "Team" });
  const trial = await makeTrial(
    made.cls.id,
    {
      scheduledDate: "2019-01-10",
      origin: "Indicação",
      ownerId: owner.id,
      outcome: "Matriculado",
      closedAt: new Date("2019-01-12T12:00:00Z"),
    },
    [
      { status: "Agendado", changedAt },
      { status: "Compareceu", changedAt },
    ],
  );
  await makeTrial(
    made.cls.id,
    {
      scheduledDate: "2019-02-12",
      origin: "Google Ads",
      outcome: "Perdido",
      lostReason: "Preço",
      closedAt: new Date("2019-02-20T12:00:00Z"),
    },
    [{ status: "Agendado", changedAt }],
  );
  const { guardian } = await makeGuardian(1);
  const student = await makeStudent(guardian.id);
  const enrolment = await makeEnrollment({
    studentId: student.id,
    classId: made.cls.id,
    offerId: offer.id,
    startDate: "2019-01-14",
    trialId: trial.id,
    createdAt: new Date("2019-01-12T12:00:00Z"),
  });
  for (const [date, status] of [
    ["2019-01-14", "Presente"],
    ["2019-01-21", "Falta"],
    ["2019-02-04", "Presente"],
  ] as const) {
    await makeAttendance({ enrollmentId: enrolment.id, classId: made.cls.id, scheduleId: made.schedules[0].id, date, status });
  }
  const paid = await makeCharge({
    guardianId: guardian.id,
    branchId: branch.id,
    amountCents: 123_456,
    dueDate: "2019-01-10",
    status: "Paga",
  });
  await makePayment({ chargeId: paid.id, amountCents: 123_456, paidOn: "2019-01-10", method: "Pix" });
  await makeCharge({ guardianId: guardian.id, branchId: branch.id, amountCents: 20_000, dueDate: "2019-02-10" });
  return { branch, owner };
}

const REPORTS = [
  { path: "/reports/funnel", title: "Funil", chart: "Funil dos experimentais", cell: "Matriculado" },
  { path: "/reports/students", title: "Alunos", chart: "Matrículas ativas no fim do mês", cell: "jan/2019" },
  { path: "/reports/attendance", title: "Frequência", chart: "Taxa de presença por mês", cell: "50,0%" },
  { path: "/reports/finance", title: "Financeiro", chart: "Esperado e recebido por mês", cell: "R$ 1.234,56" },
];

test.describe("Relatórios", () => {
  for (const width of [375, 1280]) {
    test(`each report draws its charts with their tables and its CSV link, axe-clean at ${width} px`, async ({
      page,
      loginAs,
      expectNoAxeViolations,
    }) => {
      const { branch } = await network();
      await loginAs("Team");
      await page.setViewportSize({ width, height: 900 });
      for (const report of REPORTS) {
        await page.goto(`${report.path}?from=2019-01-01&to=2019-03-31&branchId=${branch.id}`);
        await expect(page.getByRole("heading", { level: 1, name: report.title })).toBeVisible();
        const chart = page.getByRole("img", { name: new RegExp(`^${report.chart}`) });
        await expect(chart).toBeVisible();
        const figure = page.locator("figure").filter({ has: chart });
        await figure.getByText("Ver tabela").click();
        await expect(figure.getByRole("table")).toBeVisible();
        await expect(figure.getByRole("table").getByText(report.cell, { exact: true }).first()).toBeVisible();
        const csv = page.getByRole("link", { name: "Exportar CSV" });
        await expect(csv).toHaveAttribute("href", new RegExp(`^/api${report.path.slice(0, 0)}/reports/.+format=csv`));
        await expect(csv).toHaveAttribute("href", new RegExp(`branchId=${branch.id}`));
        await expectNoAxeViolations();
      }
    });
  }

  test("on a phone: chart text of at least 12 px, the filters in one line with 'Alterar', series from the first month with data", async ({
    page,
    loginAs,
  }) => {
    const { branch } = await network();
    await loginAs("Team");
    await page.setViewportSize({ width: 375, height: 800 });
    // The period starts two months before the network's first data (January 2019).
    const query = `from=2018-11-01&to=2019-03-31&branchId=${branch.id}`;
    for (const report of REPORTS) {
      await page.goto(`${report.path}?${query}`);
      await expect(page.getByRole("heading", { level: 1, name: report.title })).toBeVisible();
      // Every chart's text as rendered: its font size times the drawing's scale on the screen.
      const sizes = await page.evaluate(() =>
        [...document.querySelectorAll<SVGTextElement>("figure svg text")]
          .filter((t) => t.getClientRects().length > 0)
          .map((t) => ({
            text: t.textContent ?? "",
            px: parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 1),
          })),
      );
      expect(sizes.length, report.path).toBeGreaterThan(0);
      expect(
        sizes.filter((s) => s.px < 12),
        report.path,
      ).toEqual([]);
      // The filters: one line that says what is shown, 'Alterar' opens the form (a <details>, no JavaScript needed).
      const filtrar = page.getByRole("button", { name: "Filtrar" });
      await expect(filtrar).toBeHidden();
      await expect(page.getByText("01/11/2018 a 31/03/2019", { exact: false })).toBeVisible();
      await page.getByText("Alterar", { exact: true }).click();
      await expect(filtrar).toBeVisible();
      await expect(page.getByLabel("De", { exact: true })).toHaveValue("2018-11-01");
    }
    // The monthly series start at January 2019: no empty November and December 2018 before it.
    for (const [path, chart] of [
      ["/reports/students", "Matrículas ativas no fim do mês"],
      ["/reports/attendance", "Taxa de presença por mês"],
      ["/reports/finance", "Esperado e recebido por mês"],
    ]) {
      await page.goto(`${path}?${query}`);
      const img = page.getByRole("img", { name: new RegExp(`^${chart}`) });
      await expect(img).toHaveAttribute("aria-label", /\. jan\/2019: /);
      await expect(img).not.toContainText("nov/2018");
      const figure = page.locator("figure").filter({ has: img });
      await figure.getByText("Ver tabela").click();
      await expect(figure.getByRole("rowheader").first()).toHaveText("jan/2019");
    }
    // From `sm` the form is open and the line with 'Alterar' hidden.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole("button", { name: "Filtrar" })).toBeVisible();
    await expect(page.getByText("Alterar", { exact: true })).toBeHidden();
  });

  test("the filters are a form: a new period shows its numbers; a period over 24 months says so", async ({ page, loginAs }) => {
    const { branch, owner } = await network();
    await loginAs("Administrator");
    await page.goto(`/reports/funnel?from=2019-01-01&to=2019-01-31&branchId=${branch.id}`);
    const funnel = page.getByRole("img", { name: /^Funil dos experimentais/ });
    await expect(funnel).toHaveAttribute("aria-label", /Experimentais: 1;/);
    await page.getByLabel("Até", { exact: true }).fill("2019-02-28");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/to=2019-02-28/);
    await expect(page.getByRole("img", { name: /^Funil dos experimentais/ })).toHaveAttribute("aria-label", /Experimentais: 2;/);
    await expect(page.getByRole("img", { name: /^Perdidos por motivo/ })).toHaveAttribute("aria-label", /Preço: 1;/);
    // The owner filter: only the owner's trial, and the CSV link keeps it.
    await page.getByLabel("Responsável", { exact: true }).selectOption(owner.id);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(new RegExp(`ownerId=${owner.id}`));
    await expect(page.getByRole("img", { name: /^Funil dos experimentais/ })).toHaveAttribute(
      "aria-label",
      /Experimentais: 1;.*Matriculado: 1 /,
    );
    await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", new RegExp(`ownerId=${owner.id}`));
    await page.getByLabel("De", { exact: true }).fill("2016-01-01");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByText("Período de no máximo 24 meses")).toBeVisible();
  });

  test("the menu has a 'Relatórios' group; a Client may not open the reports", async ({ page, loginAs }) => {
    await loginAs("Team");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Relatórios" })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Frequência" })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Financeiro" })).toBeVisible();
    await page.context().clearCookies();
    await loginAs("Client");
    const res = await page.goto("/reports/funnel");
    expect(res?.status()).toBe(403);
  });

  test("'Exportar CSV' on the list screens, with the screen's filters", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [path, href] of [
      ["/trials?month=2019-03", /^\/api\/trials\?format=csv&month=2019-03$/],
      ["/guardians?q=Silva", /^\/api\/guardians\?format=csv&q=Silva$/],
      ["/students?q=Ana&status=active", /^\/api\/students\?format=csv&q=Ana&status=active$/],
      ["/classes", /^\/api\/classes\?format=csv/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "Exportar CSV" }), path).toHaveAttribute("href", href);
    }
  });
});

test.describe("Relatório financeiro", () => {
  for (const width of [375, 1280]) {
    test(`its three charts in reais with their tables and the branch's filter, axe-clean at ${width} px`, async ({
      page,
      loginAs,
      expectNoAxeViolations,
    }) => {
      const { branch } = await network();
      await loginAs("Administrator");
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/reports/finance?from=2019-01-01&to=2019-03-31&branchId=${branch.id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Financeiro" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Relatórios" }).getByRole("link", { name: "Financeiro" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      // On 31/03/2019 the February charge is 49 days late: 200,00 + 4,00 + 200 × 1 % × 49/30 = 3,27.
      for (const [chart, row, cell] of [
        ["Esperado e recebido por mês", "jan/2019", "R$ 1.234,56"],
        ["Em atraso em 31/03/2019 por faixa de atraso", "31–60 dias", "R$ 207,27"],
        ["Recebido por forma de pagamento", "Pix", "R$ 1.234,56"],
      ]) {
        const img = page.getByRole("img", { name: new RegExp(`^${chart}`) });
        await expect(img).toBeVisible();
        const figure = page.locator("figure").filter({ has: img });
        await figure.getByText("Ver tabela").click();
        const tableRow = figure.getByRole("row").filter({ has: page.getByRole("rowheader", { name: row, exact: true }) });
        await expect(tableRow.getByRole("cell", { name: cell, exact: true }).first()).toBeVisible();
      }
      await expect(page.getByRole("img", { name: /^Esperado e recebido por mês/ })).toContainText("R$");
      await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute(
        "href",
        `/api/reports/finance?from=2019-01-01&to=2019-03-31&branchId=${branch.id}&format=csv`,
      );
      await expectNoAxeViolations();
      // Another branch: none of these numbers (on a phone the filters open with 'Alterar').
      if (width < 640) await page.getByText("Alterar", { exact: true }).click();
      await page.locator("#report-branch").selectOption("");
      await page.getByLabel("De", { exact: true }).fill("2018-01-01");
      await page.getByLabel("Até", { exact: true }).fill("2018-01-31");
      await page.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(/from=2018-01-01/);
      await expect(page.getByRole("img", { name: /^Recebido por forma de pagamento/ })).toHaveAttribute(
        "aria-label",
        /Nenhum pagamento no período/,
      );
    });
  }
});
