import { randomUUID } from "node:crypto";
import {
  makeAttendance,
  makeBranch,
  makeClass,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStudent,
  makeTrial,
} from "./db";
import { expect, selectBranch, test } from "./fixtures";
import { addDays, today as schoolToday } from "../app/domain/calendar/dates";

const tag = () => randomUUID().slice(0, 6);
const WEEKDAYS = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
/** The latest day up to today on which classes meet (never a Sunday). */
const lastClassDay = () => (weekday(schoolToday()) === "Domingo" ? addDays(schoolToday(), -1) : schoolToday());

/** A class of the branch meeting on `date`'s weekday, created weeks ago, with one pupil. */
async function classWithPupil(branchId: string, date: string, startTime: string, pupil: string) {
  const classroom = await makeClassroom(branchId, { name: `Sala ${tag()}` });
  const course = await makeCourse({ name: `Jazz ${tag()}` });
  const { cls, schedules } = await makeClass({
    branchId,
    classroomId: classroom.id,
    courseId: course.id,
    schedules: [{ dayOfWeek: weekday(date), startTime, endTime: `${String(Number(startTime.slice(0, 2)) + 1).padStart(2, "0")}:00` }],
    createdAt: new Date(Date.now() - 60 * 24 * 60 * 60 * 1000),
  });
  const { guardian } = await makeGuardian(1);
  const student = await makeStudent(guardian.id, { fullName: pupil });
  const offer = await makeOffer(branchId);
  const enrollment = await makeEnrollment({
    studentId: student.id,
    classId: cls.id,
    offerId: offer.id,
    startDate: addDays(schoolToday(), -45),
  });
  return { cls, scheduleId: schedules[0].id, student, enrollment };
}

test.describe("Dashboard: o dia da unidade", () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: today's classes with their roll call, today's trials, the pupils at risk, then the user's cards`, async ({
      page,
      loginAs,
      jsEnabled,
      expectNoAxeViolations,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: 800 });
      const today = schoolToday();
      const classDay = weekday(today) !== "Domingo";
      const branch = await makeBranch({ name: `Unidade Dia ${tag()}` });
      const morning = classDay ? await classWithPupil(branch.id, today, "07:00", `Caio ${tag()}`) : null;
      const evening = classDay ? await classWithPupil(branch.id, today, "19:00", `Duda ${tag()}`) : null;
      if (morning) {
        await makeAttendance({ enrollmentId: morning.enrollment.id, classId: morning.cls.id, scheduleId: morning.scheduleId, date: today });
      }
      const last = lastClassDay();
      const risky = await classWithPupil(branch.id, last, "15:00", `Rita ${tag()}`);
      for (const days of [14, 7, 0]) {
        await makeAttendance({
          enrollmentId: risky.enrollment.id,
          classId: risky.cls.id,
          scheduleId: risky.scheduleId,
          date: addDays(last, -days),
          status: "Falta",
        });
      }
      const trial = await makeTrial(risky.cls.id, {
        scheduledDate: today,
        scheduledTime: "10:30",
        studentName: `Teo ${tag()}`,
        guardianName: "Vera Lima",
      });

      await loginAs("Team");
      await selectBranch(page, branch.name, jsEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

      const classes = page.getByRole("region", { name: "Aulas de hoje" });
      if (morning && evening) {
        // By time: the morning's (taken), the afternoon's of the pupil at risk (taken today) and the evening's (to take).
        const links = classes.getByRole("list", { name: "Aulas de hoje" }).getByRole("link");
        await expect(links).toHaveCount(3);
        await expect(links.nth(0)).toContainText("07:00");
        await expect(links.nth(0)).toContainText(`Turma ${morning.cls.classNumber}`);
        await expect(links.nth(0)).toContainText("Chamada feita");
        await expect(links.nth(1)).toContainText(`Turma ${risky.cls.classNumber}`);
        await expect(links.nth(2)).toContainText(`Turma ${evening.cls.classNumber}`);
        await expect(links.nth(2)).toContainText("Chamada pendente");
      } else {
        await expect(classes.getByText("Nenhuma aula hoje nesta unidade")).toBeVisible();
      }

      const trials = page.getByRole("region", { name: "Experimentais de hoje" });
      const item = trials.getByRole("listitem").filter({ hasText: trial.studentName });
      await expect(item).toContainText("10:30");
      await expect(item).toContainText("(Vera Lima)");
      await expect(item).toContainText(`Turma ${risky.cls.classNumber}`);
      await expect(item).toContainText("Agendado");
      await expect(item.getByRole("link", { name: trial.studentName, exact: true })).toHaveAttribute(
        "href",
        `/trials/${trial.id}/edit?month=${today.slice(0, 7)}`,
      );
      const reminder = new URL((await item.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"))!);
      expect(reminder.origin + reminder.pathname).toBe("https://wa.me/5511987654321");
      expect(reminder.searchParams.get("text")).toContain("Olá, Vera! Lembrando da aula experimental de Teo hoje às 10:30");

      const atRisk = page.getByRole("region", { name: "Alunos em risco" });
      const pupil = atRisk.getByRole("listitem").filter({ hasText: risky.student.fullName });
      await expect(pupil).toContainText("3 faltas seguidas");
      const message = new URL((await pupil.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"))!);
      expect(message.searchParams.get("text")).toMatch(/^Olá, Pessoa! Sentimos falta de Rita nas aulas de .*: foram 3 faltas seguidas/);

      // SPEC's cards stay, compact, below the day.
      const card = page.getByRole("heading", { name: "Tipo de Usuário", exact: true });
      await expect(card).toBeVisible();
      await expect(page.getByRole("main").getByText("Equipe", { exact: true })).toBeVisible();
      const dayTop = (await classes.boundingBox())!.y;
      const cardTop = (await card.boundingBox())!.y;
      expect(cardTop).toBeGreaterThan(dayTop);
      expect((await page.getByRole("heading", { name: "Usuário", exact: true }).boundingBox())!.y).toBeGreaterThan(
        (await atRisk.boundingBox())!.y,
      );
      // Nothing overflows the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations({ wcag22: true });

      // The name leads to the student's page.
      await pupil.getByRole("link", { name: risky.student.fullName, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/students/${risky.student.id}$`));
      if (evening) {
        // One tap from the dashboard to a roll call still to take.
        await page.goto("/");
        await classes.getByRole("link", { name: /Chamada pendente/ }).click();
        await expect(page).toHaveURL(new RegExp(`/classes/${evening.cls.id}/attendance\\?date=${today}&scheduleId=${evening.scheduleId}$`));
        await expect(page.getByRole("group", { name: evening.student.fullName })).toBeVisible();
      }
    });
  }
});
