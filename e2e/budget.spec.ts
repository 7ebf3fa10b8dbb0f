import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import { addDays, today } from "../app/domain/calendar/dates";
import {
  makeBranch,
  makeCharge,
  makeClass,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStudent,
  makeTrial,
} from "./db";
import { createUser, expect, hydrated, test } from "./fixtures";

/**
 * The JavaScript budget, measured as a browser downloads it: every script file of a first
 * visit (a fresh context, nothing cached), counted whole, gzip (what travels) and uncompressed
 * (what the browser parses and runs).
 * - a screen's first visit: at most SCREEN_GZIP gzip and RAW_BUDGET uncompressed;
 * - a dialog: the first visit of its screen plus whatever opening it loads, at most DIALOG_GZIP.
 *
 * Issue 41's bars are 110 kB a screen and 150 kB a dialog; they are NOT met yet. What every
 * screen loads before any of its own code (React DOM, React, React Router, the root) is
 * 109.5 kB, the signed-in shell about 10 kB more; a conform dialog adds zod and conform
 * (39 kB), 'Matricular Aluno' the combobox (46 kB). The ceilings below are today's figures
 * (screens 122–130 kB, dialogs up to 231 kB) with about 2 kB to spare, so that nothing grows
 * while the bars are worked on.
 */
const SCREEN_GZIP = 132 * 1024;
const DIALOG_GZIP = 235 * 1024;
const RAW_BUDGET = 400 * 1024;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const WEEKDAYS = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
/** The latest day up to today on which classes meet (never a Sunday). */
const lastClassDay = () => (weekday(today()) === "Domingo" ? addDays(today(), -1) : today());

type Role = "Administrator" | "Client";
interface Fixture {
  classId: string;
  scheduleId: string;
  studentId: string;
  trialId: string;
  trialStudent: string;
  chargeId: string;
  guardianId: string;
}
interface Screen {
  path: (f: Fixture) => string;
  /** Its h1 (also rendered without JavaScript). */
  heading: string;
  role?: Role;
  /** Chunks its first visit must not download (loaded when a dialog opens). */
  deferred?: string[];
}
interface Dialog {
  name: string;
  screen: Screen;
  /** The href (or its start) of the link that opens it. */
  link: (f: Fixture) => string;
}

const screen = (path: string | ((f: Fixture) => string), heading: string, more: Partial<Screen> = {}): Screen => ({
  path: typeof path === "string" ? () => path : path,
  heading,
  ...more,
});

const TRIALS = screen("/trials", "Experimentais", { deferred: ["trial-enroll-", "picker-combobox-"] });
const STUDENT = screen((f) => `/students/${f.studentId}`, "");
const ROSTER = screen((f) => `/classes/${f.classId}/students`, "");
const GUARDIANS = screen("/guardians", "Responsáveis");
const CHARGES = screen("/charges", "Mensalidades");
const FAMILY = screen("/family", "Minha família", { role: "Client" });

/** Every screen. */
const SCREENS: Screen[] = [
  screen("/", "Dashboard"),
  TRIALS,
  GUARDIANS,
  screen("/students", "Alunos"),
  STUDENT,
  screen("/today", "Aulas de Hoje"),
  screen("/classes", "Turmas"),
  ROSTER,
  screen((f) => `/classes/${f.classId}/attendance?date=${lastClassDay()}&scheduleId=${f.scheduleId}`, ""),
  screen("/users", "Usuários"),
  screen("/offers", "Ofertas"),
  screen("/branches", "Unidades"),
  screen("/courses", "Cursos"),
  CHARGES,
  screen("/billing/overdue", "Inadimplência"),
  screen("/tasks", "Minhas tarefas"),
  screen("/reports", "Relatórios"),
  screen("/reports/funnel", "Funil"),
  screen("/reports/students", "Alunos"),
  screen("/reports/attendance", "Frequência"),
  screen("/reports/finance", "Financeiro"),
  screen("/audit", "Auditoria"),
  screen("/integrations", "Integrações"),
  FAMILY,
];

/** The heavy dialogs, each opened from its screen. */
const DIALOGS: Dialog[] = [
  { name: "Matricular Aluno", screen: TRIALS, link: (f) => `/trials/${f.trialId}/enroll` },
  { name: "Nova matrícula", screen: STUDENT, link: (f) => `/students/${f.studentId}/enroll` },
  { name: "Matricular aluno", screen: ROSTER, link: (f) => `/classes/${f.classId}/students/enroll` },
  { name: "Novo Experimental", screen: TRIALS, link: () => "/trials/new" },
  { name: "Novo Responsável", screen: GUARDIANS, link: () => "/guardians/new" },
  { name: "Gerar mensalidades", screen: CHARGES, link: () => "/charges/generate" },
];

/** A class meeting every weekday (so it has a roll call today or yesterday), a pupil enrolled, a trial to enrol this month, a charge; a Client's family. */
async function prepare() {
  const tag = randomUUID().slice(0, 6);
  const branch = await makeBranch({ name: `Unidade Orçamento ${tag}` });
  const classroom = await makeClassroom(branch.id, { capacity: 20 });
  const course = await makeCourse({ name: `Balé Orçamento ${tag}` });
  const made = await makeClass({
    branchId: branch.id,
    classroomId: classroom.id,
    courseId: course.id,
    schedules: WEEKDAYS.slice(1).map((dayOfWeek) => ({ dayOfWeek, startTime: "18:00", endTime: "19:00" })),
    createdAt: new Date(Date.now() - 60 * 86_400_000),
  });
  const offer = await makeOffer(branch.id);
  const { guardian } = await makeGuardian(1);
  const student = await makeStudent(guardian.id, { fullName: `Lia Orçamento ${tag}` });
  await makeEnrollment({ studentId: student.id, classId: made.cls.id, offerId: offer.id, startDate: addDays(today(), -45) });
  const charge = await makeCharge({ guardianId: guardian.id, branchId: branch.id, studentId: student.id, dueDate: addDays(today(), -10) });
  const trialStudent = `Bia Orçamento ${tag}`;
  const trial = await makeTrial(made.cls.id, { studentName: trialStudent, scheduledDate: today(), status: "Quer Matricular" });
  const family = await makeGuardian(1);
  await makeStudent(family.guardian.id, { fullName: `Caio Orçamento ${tag}` });
  return {
    classId: made.cls.id,
    scheduleId: made.schedules[0].id,
    studentId: student.id,
    trialId: trial.id,
    trialStudent,
    chargeId: charge.id,
    guardianId: guardian.id,
    familyGuardian: family.guardian,
  };
}

type FamilyGuardian = Awaited<ReturnType<typeof makeGuardian>>["guardian"];

/** A fresh context signed in as a new user of the role (a Client owns the fixture's family). */
async function freshPage(browser: Browser, baseURL: string, role: Role | null, familyGuardian: FamilyGuardian) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (role) {
    const user = await createUser(baseURL, role, "Orçamento");
    if (role === "Client") {
      await familyGuardian.update({ userId: user.id });
    }
    const res = await page.request.post("/api/login", { data: { email: user.email, password: user.password } });
    expect(res.ok(), "sign-in").toBe(true);
  }
  return page;
}

/** Collects every script the page downloads from now on. */
function scriptsOf(page: Page) {
  const bodies: Array<Promise<Buffer | null>> = [];
  const urls: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    urls.push(new URL(response.url()).pathname);
    bodies.push(response.body().catch(() => null));
  });
  return {
    urls,
    async sizes(label: string) {
      const read = await Promise.all(bodies);
      // Every script is counted whole: a body that could not be read would hide its bytes.
      expect(
        read.filter((b) => b === null),
        `${label}: a script body could not be read`,
      ).toEqual([]);
      const scripts = read.filter((b): b is Buffer => b !== null);
      return {
        gzip: scripts.reduce((sum, b) => sum + gzipSync(b).length, 0),
        raw: scripts.reduce((sum, b) => sum + b.length, 0),
      };
    },
  };
}

test.describe("performance budget", () => {
  test("a first visit of each screen and each heavy dialog (with what opening it loads) stays within its JavaScript budget @js-only", async ({
    browser,
    baseURL,
  }) => {
    // Thirty first visits (a fresh browser context, a sign-up, hydration, an idle network each).
    test.setTimeout(900_000);
    const fixture: Fixture & { familyGuardian: FamilyGuardian } = await prepare();
    const results: Array<{ label: string; gzip: number; raw: number; budget: number }> = [];

    const visit = async (s: Screen | null, dialog?: Dialog) => {
      const path = s ? s.path(fixture) : "/auth";
      const page = await freshPage(browser, baseURL!, s ? (s.role ?? "Administrator") : null, fixture.familyGuardian);
      const scripts = scriptsOf(page);
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      if (s && !dialog) {
        for (const chunk of s.deferred ?? []) {
          expect(
            scripts.urls.filter((u) => u.includes(`/${chunk}`)),
            `${path} loads ${chunk} on its first visit`,
          ).toEqual([]);
        }
      }
      const label = dialog ? `${path} + '${dialog.name}'` : path;
      if (dialog) {
        await page
          .locator(`a[href^="${dialog.link(fixture)}"]`)
          .filter({ visible: true })
          .first()
          .click({ timeout: 30_000 });
        await expect(page.getByRole("dialog", { name: dialog.name })).toBeVisible();
        await page.waitForLoadState("networkidle");
      }
      const sizes = await scripts.sizes(label);
      console.log(`${label}: ${kB(sizes.gzip)} / ${kB(sizes.raw)}`);
      results.push({ label, ...sizes, budget: dialog ? DIALOG_GZIP : SCREEN_GZIP });
      await page.context().close();
    };

    await visit(null);
    for (const s of SCREENS) await visit(s);
    for (const d of DIALOGS) await visit(d.screen, d);

    console.log(
      "JavaScript per first visit (gzip / uncompressed):\n" + results.map((r) => `${r.label}: ${kB(r.gzip)} / ${kB(r.raw)}`).join("\n"),
    );
    for (const r of results) {
      if (r.budget === SCREEN_GZIP) {
        expect.soft(r.raw, `${r.label} downloads ${kB(r.raw)} of JS (uncompressed)`).toBeLessThanOrEqual(RAW_BUDGET);
      }
      expect.soft(r.gzip, `${r.label} downloads ${kB(r.gzip)} of JS (gzip)`).toBeLessThanOrEqual(r.budget);
    }
  });

  test("every screen renders its content without JavaScript @nojs-only", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    for (const s of SCREENS.filter((s) => !s.role && s.heading)) {
      const res = await page.goto(s.path({} as Fixture));
      expect(res?.status(), s.heading).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: s.heading, exact: true })).toBeVisible();
    }
  });
});
