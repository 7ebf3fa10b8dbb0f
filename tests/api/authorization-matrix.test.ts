import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { matrix, type Caller, type MatrixRow } from "./authorization-matrix";
import { anonymous, ApiClient, signIn, uniqueEmail, type Role } from "../support/http";
import { testDb } from "../support/db";
import { testCertificates } from "../support/test-certificates";
import { fillPath, flattenRoutes } from "../support/route-table";
import { addDays, today } from "../../app/domain/calendar/dates";
import { firstSessionDate, latestSessionOnOrBefore, sessionsBetween } from "../../app/domain/calendar/sessions";
import {
  makeAttendance,
  makeBranch,
  makeClass,
  makeCharge,
  makeFailedJob,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeMakeup,
  makePayment,
  makeInboxPix,
  makeSchedule,
  makeStaffUser,
  makeStudent,
  makeTrial,
  makeTask,
  makeUser,
  makeAbsenceNotice,
} from "../support/factories";

/**
 * Every route × method × caller of the route table, against the expectations
 * of ./authorization-matrix.ts. Allowed writes carry a valid body and must
 * change their table; refused ones must leave it (and the target row) as it was.
 */

const CALLERS: Caller[] = ["anonymous", "Client", "Team", "Administrator"];
const PASSWORD = "segredo123";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const key = (method: string, path: string) => `${method} ${path}`;

let callers: Record<Caller, ApiClient>;
let admin: ApiClient;
let uploadedPath: string;
let shared: Fixture;

/** Rows written straight into the database, created on first use (one set per request that writes). */
class Fixture {
  private memo = new Map<string, Promise<unknown>>();
  private once<T>(name: string, make: () => Promise<T>): Promise<T> {
    if (!this.memo.has(name)) this.memo.set(name, make());
    return this.memo.get(name) as Promise<T>;
  }
  branch = () => this.once("branch", async () => (await makeBranch()).id);
  classroom = () => this.once("classroom", async () => (await makeClassroom(await this.branch())).id);
  /** A slot no class uses: free to edit or delete. */
  freeSchedule = () =>
    this.once(
      "freeSchedule",
      async () => (await makeSchedule(await this.classroom(), { dayOfWeek: "Terça", startTime: "10:00", endTime: "11:00" })).id,
    );
  course = () => this.once("course", async () => (await makeCourse()).id);
  staff = () => this.once("staff", async () => (await makeStaffUser("Team")).id);
  user = () => this.once("user", async () => makeUser());
  /** A Monday class created three weeks ago (so it has past sessions). */
  clsMade = () =>
    this.once("clsMade", async () =>
      makeClass({
        branchId: await this.branch(),
        classroomId: await this.classroom(),
        courseId: await this.course(),
        responsibleId: await this.staff(),
        schedules: [{ dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" }],
        createdAt: new Date(Date.now() - 21 * 86_400_000),
      }),
    );
  cls = async () => (await this.clsMade()).cls.id;
  /** The class's latest session on or before today. */
  session = () =>
    this.once("session", async () => {
      const made = await this.clsMade();
      const schedules = made.schedules.map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }));
      const session = latestSessionOnOrBefore(schedules, firstSessionDate(made.cls.createdAt), today());
      if (!session) throw new Error("session fixture: none");
      return session;
    });
  /** The student's enrolment in the class (one open enrolment per student and class), active since long before its sessions. */
  activeEnrollment = () => this.enrollment();
  absence = () =>
    this.once("absence", async () => {
      const session = await this.session();
      const record = await makeAttendance({
        enrollmentId: await this.activeEnrollment(),
        classId: await this.cls(),
        scheduleId: session.scheduleId,
        date: session.date,
        status: "Falta",
      });
      return record.id;
    });
  /** A session of another class of the same course, within the absence's make-up window. */
  makeupTarget = async () => (await this.makeupSessions())[0];
  /** The next session of that class, where a make-up may be moved. */
  makeupMove = async () => (await this.makeupSessions())[1];
  makeupSessions = () =>
    this.once("makeupSessions", async () => {
      const session = await this.session();
      const made = await makeClass({
        branchId: await this.branch(),
        courseId: await this.course(),
        schedules: ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"].map((dayOfWeek) => ({
          dayOfWeek,
          startTime: "14:00",
          endTime: "15:00",
        })),
        createdAt: new Date(Date.now() - 21 * 86_400_000),
      });
      const schedules = made.schedules.map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }));
      const from = addDays(session.date, 1) > today() ? addDays(session.date, 1) : today();
      const [target, next] = sessionsBetween(schedules, firstSessionDate(made.cls.createdAt), from, addDays(session.date, 30));
      return [target, next].map((s) => ({ classId: made.cls.id, scheduleId: s.scheduleId, date: s.date }));
    });
  /** A notice of the enrolment's next session (a family's 'Avisar falta'). */
  notice = () =>
    this.once("notice", async () => {
      const made = await this.clsMade();
      const schedule = made.schedules[0];
      const next = sessionsBetween(
        made.schedules.map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime })),
        firstSessionDate(made.cls.createdAt),
        addDays(today(), 1),
        addDays(today(), 8),
      )[0];
      const notice = await makeAbsenceNotice({
        enrollmentId: await this.activeEnrollment(),
        classId: made.cls.id,
        scheduleId: next?.scheduleId ?? schedule.id,
        date: next?.date ?? addDays(today(), 7),
      });
      return notice.id;
    });
  makeup = () =>
    this.once("makeup", async () => (await makeMakeup({ absenceId: await this.absence(), ...(await this.makeupTarget()) })).id);
  trial = () => this.once("trial", async () => (await makeTrial(await this.cls(), {}, [{ status: "Agendado", changedAt: new Date() }])).id);
  /** A lost trial (what /reopen needs). */
  lostTrial = () =>
    this.once(
      "lostTrial",
      async () => (await makeTrial(await this.cls(), { outcome: "Perdido", lostReason: "Preço", closedAt: new Date() })).id,
    );
  /** An open task of the trial, owned by the matrix's Team user (a Team user changes its own tasks). */
  task = () => this.once("task", async () => (await makeTask({ trialId: await this.trial(), ownerId: callers.Team.user!.id })).id);
  guardian = () => this.once("guardian", () => makeGuardian(2));
  /** A student of the guardian, without enrolments until `enrollment` is asked for. */
  student = () => this.once("student", async () => (await makeStudent((await this.guardian()).guardian.id)).id);
  /** The student's active enrolment in the class (with the branch's offer). */
  enrollment = () =>
    this.once(
      "enrollment",
      async () =>
        (
          await makeEnrollment({
            studentId: await this.student(),
            classId: await this.cls(),
            offerId: await this.offer(),
            startDate: "2020-01-06",
          })
        ).id,
    );
  /** An open charge of the guardian, due in five days, in a branch with a Pix key. */
  charge = () =>
    this.once("charge", async () => {
      const branchId = await this.branch();
      const res = await admin.put(`/api/branches/${branchId}/billing-settings`, {
        pixKey: "financeiro@escola.com.br",
        payeeName: "Escola de Dança",
        payeeCity: "São Paulo",
      });
      if (res.status !== 200) throw new Error(`billing settings fixture: ${res.status} ${JSON.stringify(res.body)}`);
      return (await makeCharge({ guardianId: (await this.guardian()).guardian.id, branchId, dueDate: addDays(today(), 5) })).id;
    });
  /** A job of the queue that failed for good. */
  failedJob = () => this.once("failedJob", async () => (await makeFailedJob()).id);
  payment = () =>
    this.once("payment", async () => (await makePayment({ chargeId: await this.charge(), amountCents: 1000, paidOn: today() })).id);
  /** A payment the bank received, of the charge ('Devolver o Pix'). */
  bankPayment = () =>
    this.once(
      "bankPayment",
      async () =>
        (
          await makePayment({
            chargeId: await this.charge(),
            amountCents: 1000,
            paidOn: today(),
            endToEndId: `E${randomUUID().replaceAll("-", "").slice(0, 31)}`,
          })
        ).id,
    );
  /** A Pix the bank received without a charge of ours ('Vincular a uma cobrança'). */
  pixWithoutCharge = () => this.once("pixWithoutCharge", async () => (await makeInboxPix({ branchId: await this.branch() })).endToEndId);
  offer = () =>
    this.once("offer", async () => {
      const res = await admin.post("/api/offers", {
        name: `Plano ${randomUUID().slice(0, 6)}`,
        monthlyValue: "150.00",
        checkoutLink: "https://pagamento.exemplo.com.br/plano",
        branchId: await this.branch(),
        active: true,
      });
      if (res.status !== 201) throw new Error(`offer fixture: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    });
}

/** The id a path parameter stands for, by the collection it sits under. */
async function paramsFor(path: string, fx: Fixture): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  for (const name of names) {
    if (name === "classroomId") params[name] = await fx.classroom();
    else if (name === "scheduleId") params[name] = await fx.freeSchedule();
    else if (name === "branchId") params[name] = await fx.branch();
    else if (name === "personId") params[name] = (await fx.guardian()).persons[1].id;
    else if (name === "guardianId") params[name] = (await fx.guardian()).guardian.id;
    else if (name === "enrollmentId") params[name] = await fx.enrollment();
    else if (name === "makeupId") params[name] = await fx.makeup();
    else if (name === "taskId") params[name] = await fx.task();
    else if (name === "absenceId") params[name] = await fx.absence();
    else if (name === "token") params[name] = (await issueUploadUrl()).split("/").pop()!;
    else if (name === "date") params[name] = "2026-11-21";
    else if (name === "e2eid") params[name] = await fx.pixWithoutCharge();
    else if (name === "secret") params[name] = "0".repeat(64);
    else if (name === "id" && path.endsWith("/refund")) params[name] = await fx.bankPayment();
    else if (name === "id" && path.startsWith("/api/family/absences/")) params[name] = await fx.notice();
    else if (name === "id" && path.startsWith("/api/family/persons/")) params[name] = (await fx.guardian()).persons[1].id;
    else if (name === "id") {
      const base = path.replace(/^\/api/, "").split("/")[1];
      const byBase: Record<string, () => Promise<string>> = {
        users: async () => (await fx.user()).id,
        uploads: async () => uploadedPath.split("/").pop()!,
        offers: fx.offer,
        branches: fx.branch,
        classrooms: fx.classroom,
        "classroom-schedules": fx.freeSchedule,
        courses: fx.course,
        classes: fx.cls,
        guardians: async () => (await fx.guardian()).guardian.id,
        "guardian-persons": async () => (await fx.guardian()).persons[1].id,
        trials: path.endsWith("/reopen") ? fx.lostTrial : fx.trial,
        students: fx.student,
        enrollments: fx.enrollment,
        makeups: fx.makeup,
        tasks: fx.task,
        charges: fx.charge,
        payments: fx.payment,
        jobs: fx.failedJob,
      };
      const make = byBase[base];
      if (!make) throw new Error(`no fixture for :id under ${path}`);
      params[name] = await make();
    } else throw new Error(`no fixture for :${name} in ${path}`);
  }
  if (path.endsWith("*")) params["*"] = "rota/que/nao/existe";
  return params;
}

async function issueUploadUrl(): Promise<string> {
  const res = await admin.post("/api/objects/upload");
  if (res.status !== 200) throw new Error(`upload URL: ${res.status}`);
  return res.body.uploadURL as string;
}

type Payload = { json?: object } | { form?: Record<string, string | string[]> } | { bytes?: Buffer };
type PayloadMaker = (ctx: { fx: Fixture; caller: Caller; client: ApiClient; params: Record<string, string> }) => Promise<Payload>;

const tag = () => randomUUID().slice(0, 8);
const digits11 = () => String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));

/** A valid body for every write, so that a refusal can only come from the permission check. */
const payloads: Record<string, PayloadMaker> = {
  // Outside the shell
  [key("POST", "/auth")]: async () => ({
    form: { mode: "register", name: "Visitante Novo", email: uniqueEmail("auth"), password: PASSWORD, userType: "Client" },
  }),
  [key("POST", "/logout")]: async () => ({ form: {} }),
  [key("POST", "/preferences/sidebar")]: async () => ({ form: { open: "false" } }),
  [key("POST", "/preferences/branch")]: async ({ fx }) => ({ form: { branchId: await fx.branch() } }),

  // Screens
  [key("POST", "/users/new")]: async () => ({
    form: { name: "Nova Pessoa", email: uniqueEmail("tela"), password: PASSWORD, userType: "Team" },
  }),
  [key("POST", "/users/:id/edit")]: async ({ fx }) => {
    const user = await fx.user();
    return { form: { name: "Nome Editado", email: user.email, userType: "Team", password: "" } };
  },
  [key("POST", "/users/:id/delete")]: async () => ({ form: {} }),
  [key("POST", "/offers/new")]: async ({ fx }) => ({ form: offerForm(await fx.branch()) }),
  [key("POST", "/offers/:id/edit")]: async ({ fx }) => ({ form: offerForm(await fx.branch()) }),
  [key("POST", "/offers/:id/delete")]: async () => ({ form: {} }),
  [key("POST", "/branches/new")]: async () => ({ form: { name: `Unidade ${tag()}`, address: "Av. Brasil, 500", active: "on" } }),
  [key("POST", "/branches/:id/edit")]: async () => ({ form: { name: `Unidade ${tag()}`, address: "Av. Brasil, 501", active: "on" } }),
  [key("POST", "/branches/:id/delete")]: async () => ({ form: {} }),
  [key("POST", "/branches/:id/classrooms/new")]: async () => ({ form: { name: `Sala ${tag()}`, capacity: "15" } }),
  [key("POST", "/branches/:id/classrooms/:classroomId/edit")]: async () => ({ form: { name: `Sala ${tag()}`, capacity: "25" } }),
  [key("POST", "/branches/:id/classrooms/:classroomId/delete")]: async () => ({ form: {} }),
  [key("POST", "/branches/:id/classrooms/:classroomId/schedules/new")]: async () => ({
    form: { dayOfWeek: "Quarta", startTime: "14:00", endTime: "15:00" },
  }),
  [key("POST", "/branches/:id/classrooms/:classroomId/schedules/:scheduleId/edit")]: async () => ({
    form: { dayOfWeek: "Sexta", startTime: "16:00", endTime: "17:00" },
  }),
  [key("POST", "/branches/:id/classrooms/:classroomId/schedules/:scheduleId/delete")]: async () => ({ form: {} }),
  [key("POST", "/courses/new")]: async () => ({ form: { name: `Curso ${tag()}`, active: "on" } }),
  [key("POST", "/courses/:id/edit")]: async () => ({ form: { name: `Curso ${tag()}`, active: "on" } }),
  [key("POST", "/courses/:id/delete")]: async () => ({ form: {} }),
  [key("POST", "/classes/new")]: async ({ fx }) => ({ form: { ...(await classFields(fx)), active: "on" } }),
  [key("POST", "/classes/:id/edit")]: async ({ fx }) => {
    await fx.cls();
    return { form: await classFields(fx) };
  },
  [key("POST", "/classes/:id/delete")]: async () => ({ form: {} }),
  [key("POST", "/guardians/new")]: async () => ({
    form: {
      address: "Rua Nova, 1",
      "persons[0].fullName": "Maria Responsável",
      "persons[0].cpf": digits11(),
      "persons[0].email": uniqueEmail("resp"),
      "persons[0].birthDate": "1985-03-02",
      "persons[0].phone": "11987654321",
      primaryIndex: "0",
    },
  }),
  [key("POST", "/guardians/:id/delete")]: async () => ({ form: {} }),
  [key("POST", "/guardians/:id/anonymize")]: async ({ fx }) => ({
    form: { reason: "Pedido da família", confirmName: (await fx.guardian()).persons[0].fullName },
  }),
  [key("POST", "/guardians/:id/persons/:personId/edit")]: async ({ fx }) => {
    const person = (await fx.guardian()).persons[1];
    return { form: { fullName: "Pessoa Editada", cpf: person.cpf, email: person.email, birthDate: "1991-01-01", phone: "11912345678" } };
  },
  [key("POST", "/guardians/:id/persons/:personId/delete")]: async () => ({ form: {} }),
  [key("POST", "/students/new")]: async ({ fx }) => ({
    form: { guardianId: (await fx.guardian()).guardian.id, fullName: `Aluno ${tag()}`, birthDate: "2017-04-02", active: "on" },
  }),
  [key("POST", "/students/:id/edit")]: async ({ fx }) => ({
    form: { guardianId: (await fx.guardian()).guardian.id, fullName: `Aluno Editado ${tag()}`, active: "on" },
  }),
  [key("POST", "/students/:id/delete")]: async () => ({ form: {} }),
  [key("POST", "/students/:id/enroll")]: async ({ fx }) => ({
    form: { classId: await fx.cls(), offerId: await fx.offer(), startDate: "2026-12-07" },
  }),
  [key("POST", "/students/:id/enrollments/:enrollmentId/cancel")]: async () => ({ form: { cancelReason: "Mudou de cidade" } }),
  [key("POST", "/students/:id/enrollments/:enrollmentId/discount")]: async () => ({ form: { discountPercent: "10" } }),
  [key("POST", "/guardians/:id/charges/new")]: async ({ fx }) => ({
    form: { studentId: "", branchId: await fx.branch(), description: "Figurino do festival", amount: "80,00", dueDate: "2031-03-10" },
  }),
  [key("POST", "/classes/:id/students/enroll")]: async ({ fx }) => ({
    form: { studentId: await fx.student(), offerId: await fx.offer(), startDate: "2026-12-07" },
  }),
  [key("POST", "/students/:id/makeup")]: async ({ fx }) => {
    const t = await fx.makeupTarget();
    return { form: { absenceId: await fx.absence(), session: `${t.classId}|${t.scheduleId}|${t.date}` } };
  },
  [key("POST", "/students/:id/makeups/:makeupId/delete")]: async () => ({ form: {} }),
  [key("POST", "/family")]: async ({ fx }) => ({ form: { intent: "withdrawNotice", noticeId: await fx.notice() } }),
  [key("POST", "/family/absence")]: async () => ({ form: { note: "Consulta" } }),
  [key("POST", "/family/absences/:absenceId/makeup")]: async ({ fx }) => {
    const t = await fx.makeupTarget();
    return { form: { absenceId: await fx.absence(), session: `${t.classId}|${t.scheduleId}|${t.date}` } };
  },
  [key("POST", "/family/persons/:personId/edit")]: async () => ({ form: { phone: "11912345678", email: uniqueEmail("familia") } }),
  [key("POST", "/family/address")]: async () => ({ form: { address: "Rua da Família, 20" } }),
  [key("POST", "/classes/:id/students/:enrollmentId/cancel")]: async () => ({ form: { cancelReason: "Mudou de horário" } }),
  [key("POST", "/trials")]: async ({ fx }) => ({ form: { intent: "status", id: await fx.trial(), status: "Compareceu" } }),
  [key("POST", "/trials/new")]: async ({ fx }) => ({ form: { ...trialFields(await fx.cls()), origin: "Outros" } }),
  [key("POST", "/trials/:id/edit")]: async ({ fx }) => ({
    form: { ...trialFields(await fx.cls()), origin: "Indicação", status: "Reagendado" },
  }),
  [key("POST", "/trials/:id/delete")]: async () => ({ form: {} }),
  [key("POST", "/trials/:id/lose")]: async () => ({ form: { lostReason: "Horário", note: "Só pode de manhã" } }),
  [key("POST", "/trials/:id/reopen")]: async () => ({ form: {} }),
  [key("POST", "/trials/:id/tasks/new")]: async () => ({ form: { dueAt: "2026-12-02", note: "Ligar de novo" } }),
  // 'Concluir' names its task in the form: the snapshot's target row is that task.
  [key("POST", "/tasks")]: async ({ fx, params }) => {
    params.taskId = await fx.task();
    return { form: { taskId: params.taskId } };
  },
  [key("POST", "/trials/:id/enroll")]: async ({ fx }) => ({
    form: {
      studentName: "Aluna Tela",
      family: "existing",
      guardianId: (await fx.guardian()).guardian.id,
      offerId: await fx.offer(),
      startDate: "2026-12-01",
    },
  }),
  [key("POST", "/classes/:id/attendance")]: async ({ fx }) => ({
    form: { "records[0].enrollmentId": await fx.activeEnrollment(), "records[0].status": "Falta", "records[0].note": "" },
  }),

  // JSON API
  [key("POST", "/api/login")]: async ({ client }) => {
    // Each caller signs in as itself (anonymous as a fresh account), so no identity is swapped.
    const email = client.user?.email ?? (await signIn("Client")).user!.email;
    return { json: { email, password: PASSWORD } };
  },
  [key("POST", "/api/register")]: async () => ({
    json: { name: "Conta Nova", email: uniqueEmail("reg"), password: PASSWORD, userType: "Client" },
  }),
  [key("POST", "/api/logout")]: async () => ({ json: {} }),
  [key("POST", "/api/*")]: async () => ({ json: {} }),
  [key("POST", "/api/users")]: async () => ({
    json: { name: "Pessoa API", email: uniqueEmail("api"), password: PASSWORD, userType: "Team" },
  }),
  [key("PATCH", "/api/users/:id")]: async () => ({ json: { name: "Nome via API" } }),
  [key("DELETE", "/api/users/:id")]: async () => ({}),
  [key("PUT", "/api/users/:id/avatar")]: async () => ({ json: { avatarUrl: uploadedPath } }),
  [key("POST", "/api/objects/upload")]: async () => ({}),
  [key("PUT", "/api/objects/upload/:token")]: async () => ({ bytes: PNG }),
  [key("POST", "/api/branches")]: async () => ({ json: { name: `Unidade ${tag()}`, address: "Rua A, 1", active: true, isDefault: false } }),
  [key("PATCH", "/api/branches/:id")]: async () => ({ json: { name: `Unidade ${tag()}` } }),
  [key("DELETE", "/api/branches/:id")]: async () => ({}),
  [key("POST", "/api/offers")]: async ({ fx }) => ({
    json: {
      name: `Plano ${tag()}`,
      monthlyValue: "99.90",
      checkoutLink: "https://pagamento.exemplo.com.br/x",
      branchId: await fx.branch(),
      active: true,
    },
  }),
  [key("PATCH", "/api/offers/:id")]: async () => ({ json: { name: `Plano ${tag()}` } }),
  [key("DELETE", "/api/offers/:id")]: async () => ({}),
  [key("POST", "/api/classrooms")]: async ({ fx }) => ({ json: { branchId: await fx.branch(), name: `Sala ${tag()}`, capacity: "12" } }),
  [key("PATCH", "/api/classrooms/:id")]: async () => ({ json: { name: `Sala ${tag()}`, capacity: 30 } }),
  [key("DELETE", "/api/classrooms/:id")]: async () => ({}),
  [key("POST", "/api/classroom-schedules")]: async ({ fx }) => ({
    json: { classroomId: await fx.classroom(), dayOfWeek: "Quarta", startTime: "14:00", endTime: "15:00" },
  }),
  [key("PATCH", "/api/classroom-schedules/:id")]: async () => ({ json: { dayOfWeek: "Sexta", startTime: "16:00", endTime: "17:00" } }),
  [key("DELETE", "/api/classroom-schedules/:id")]: async () => ({}),
  [key("POST", "/api/courses")]: async () => ({ json: { name: `Curso ${tag()}`, active: true } }),
  [key("PATCH", "/api/courses/:id")]: async () => ({ json: { name: `Curso ${tag()}` } }),
  [key("DELETE", "/api/courses/:id")]: async () => ({}),
  [key("POST", "/api/classes")]: async ({ fx }) => {
    const f = await classFields(fx);
    return { json: { ...f, scheduleIds: [f.scheduleIds], active: true } };
  },
  [key("PATCH", "/api/classes/:id")]: async () => ({ json: { active: false } }),
  [key("DELETE", "/api/classes/:id")]: async () => ({}),
  [key("POST", "/api/guardians")]: async () => ({
    json: {
      address: "Rua API, 2",
      persons: [
        {
          fullName: "João Responsável",
          cpf: digits11(),
          email: uniqueEmail("g"),
          birthDate: "1980-12-01",
          phone: "11987654321",
          isPrimary: true,
        },
      ],
    },
  }),
  [key("DELETE", "/api/guardians/:id")]: async () => ({}),
  [key("POST", "/api/guardians/:id/anonymize")]: async ({ fx }) => ({
    json: { reason: "Pedido da família", confirmName: (await fx.guardian()).persons[0].fullName },
  }),
  [key("PATCH", "/api/guardian-persons/:id")]: async () => ({ json: { fullName: "Nome Alterado" } }),
  [key("DELETE", "/api/guardian-persons/:id")]: async () => ({}),
  [key("POST", "/api/trials")]: async ({ fx }) => ({ json: trialFields(await fx.cls()) }),
  [key("PATCH", "/api/trials/:id")]: async () => ({ json: { status: "Compareceu" } }),
  [key("DELETE", "/api/trials/:id")]: async () => ({}),
  [key("POST", "/api/trials/:id/lose")]: async () => ({ json: { lostReason: "Preço", note: "Achou caro" } }),
  [key("POST", "/api/trials/:id/reopen")]: async () => ({}),
  [key("POST", "/api/tasks")]: async ({ fx }) => ({ json: { trialId: await fx.trial(), dueAt: "2026-12-01", note: "Ligar" } }),
  [key("PATCH", "/api/tasks/:id")]: async () => ({ json: { done: true } }),
  [key("DELETE", "/api/tasks/:id")]: async () => ({}),
  [key("POST", "/api/trials/:id/enroll")]: async ({ fx }) => ({
    json: { guardianId: (await fx.guardian()).guardian.id, offerId: await fx.offer(), startDate: "2026-12-01" },
  }),
  [key("POST", "/api/students")]: async ({ fx }) => ({ json: { guardianId: (await fx.guardian()).guardian.id, fullName: "Aluna API" } }),
  [key("PATCH", "/api/students/:id")]: async () => ({ json: { fullName: "Aluna Renomeada" } }),
  [key("DELETE", "/api/students/:id")]: async () => ({}),
  [key("POST", "/api/enrollments")]: async ({ fx }) => ({
    json: { studentId: await fx.student(), classId: await fx.cls(), offerId: await fx.offer(), startDate: "2026-12-01" },
  }),
  [key("PATCH", "/api/enrollments/:id")]: async () => ({ json: { startDate: "2026-12-15" } }),
  [key("PUT", "/api/classes/:id/attendance")]: async ({ fx }) => {
    const session = await fx.session();
    return {
      json: {
        date: session.date,
        scheduleId: session.scheduleId,
        records: [{ enrollmentId: await fx.activeEnrollment(), status: "Falta" }],
      },
    };
  },
  [key("POST", "/api/makeups")]: async ({ fx }) => ({ json: { absenceId: await fx.absence(), ...(await fx.makeupTarget()) } }),
  [key("PATCH", "/api/makeups/:id")]: async ({ fx }) => ({ json: await fx.makeupMove() }),
  [key("DELETE", "/api/makeups/:id")]: async () => ({}),
  [key("POST", "/api/family/absences")]: async ({ fx }) => {
    const t = await fx.makeupMove();
    return { json: { enrollmentId: await fx.activeEnrollment(), scheduleId: t.scheduleId, date: t.date, note: "Consulta médica" } };
  },
  [key("DELETE", "/api/family/absences/:id")]: async () => ({}),
  [key("POST", "/api/family/makeups")]: async ({ fx }) => ({ json: { absenceId: await fx.absence(), ...(await fx.makeupTarget()) } }),
  [key("PATCH", "/api/family/persons/:id")]: async () => ({ json: { phone: "11912345678", email: uniqueEmail("familia") } }),
  [key("PATCH", "/api/family/address")]: async () => ({ json: { address: "Rua da Família, 10" } }),
  [key("POST", "/branches/:id/billing")]: async () => ({
    form: { pixKey: "", payeeName: "", payeeCity: "", dueDay: "12", finePercent: "2", monthlyInterestPercent: "1" },
  }),
  [key("POST", "/charges/generate")]: async ({ fx }) => {
    await fx.enrollment();
    return { form: { month: "2030-02", branchId: await fx.branch() } };
  },
  [key("POST", "/integrations")]: async ({ fx }) => ({ form: { intent: "retry", jobId: await fx.failedJob() } }),
  [key("POST", "/charges/:id")]: async () => ({ form: { intent: "pay", amount: "10,00", paidOn: today(), method: "Dinheiro" } }),
  [key("PUT", "/api/branches/:id/billing-settings")]: async () => ({ json: { dueDay: 15, finePercent: 1 } }),
  [key("POST", "/branches/:id/bank")]: async () => ({ form: { intent: "save", ...bankConnection() } }),
  [key("PUT", "/api/branches/:id/pix-provider")]: async () => ({ json: { provider: "api-pix", ...bankConnection() } }),
  // A connected branch whose bank does not answer: the check answers 200 with what failed.
  [key("POST", "/api/branches/:id/pix-provider/check")]: async ({ params }) => {
    const res = await admin.put(`/api/branches/${params.id}/pix-provider`, { provider: "api-pix", ...bankConnection() });
    if (res.status !== 200) throw new Error(`bank connection fixture: ${res.status} ${JSON.stringify(res.body)}`);
    return {};
  },
  [key("POST", "/api/charges")]: async ({ fx }) => ({
    json: {
      guardianId: (await fx.guardian()).guardian.id,
      branchId: await fx.branch(),
      description: "Figurino",
      amount: "80.00",
      dueDate: addDays(today(), 10),
    },
  }),
  [key("POST", "/api/charges/generate")]: async ({ fx }) => {
    await fx.enrollment();
    return { json: { month: "2030-01", branchId: await fx.branch() } };
  },
  [key("POST", "/api/charges/:id/payments")]: async () => ({ json: { amount: "10.00", paidOn: today(), method: "Dinheiro" } }),
  [key("POST", "/api/billing/reconciliation/run")]: async () => ({ json: {} }),
  [key("POST", "/api/billing/reconciliation/pix/:e2eid/link")]: async ({ fx }) => ({ json: { chargeId: await fx.charge() } }),
  [key("POST", "/api/payments/:id/refund")]: async () => ({ json: { reason: "Pago em dobro" } }),
  [key("POST", "/api/webhooks/pix/:branchId/:secret/pix")]: async () => ({
    json: { pix: [{ endToEndId: `E${randomUUID().replaceAll("-", "").slice(0, 31)}`, valor: "10.00", horario: new Date().toISOString() }] },
  }),
  [key("POST", "/billing/reconciliation")]: async () => ({ form: { intent: "run", branchId: "" } }),
  [key("POST", "/billing/reconciliation/pix/:e2eid/link")]: async ({ fx }) => ({ form: { chargeId: await fx.charge() } }),
  [key("POST", "/billing/reconciliation/payments/:id/refund")]: async () => ({ form: { reason: "Pago em dobro" } }),
  [key("POST", "/api/charges/:id/cancel")]: async () => ({ json: { reason: "Lançada por engano" } }),
  [key("POST", "/api/charges/:id/waive")]: async () => ({ json: { reason: "Acordo" } }),
  [key("POST", "/api/payments/:id/reverse")]: async () => ({ json: { reason: "Pix devolvido" } }),
  [key("POST", "/api/jobs/:id/retry")]: async () => ({ json: {} }),
};

async function sessionQuery(fx: Fixture): Promise<string> {
  const session = await fx.session();
  return `?date=${session.date}&scheduleId=${session.scheduleId}`;
}

/** The query string some reads need (a session, a range, an absence). */
/** The next session of the enrolment, as the 'Avisar falta' dialog's query. */
async function familySession(fx: Fixture): Promise<string> {
  const t = await fx.makeupMove();
  return `?${new URLSearchParams({ enrollmentId: await fx.activeEnrollment(), scheduleId: t.scheduleId, date: t.date })}`;
}

const queries: Record<string, (fx: Fixture) => Promise<string>> = {
  [key("GET", "/family/absence")]: async (fx) => familySession(fx),
  [key("POST", "/family/absence")]: async (fx) => familySession(fx),
  [key("GET", "/api/classes/:id/sessions")]: async () => `?from=${addDays(today(), -14)}&to=${today()}`,
  [key("GET", "/api/classes/:id/attendance")]: async (fx) => {
    const session = await fx.session();
    return `?date=${session.date}&scheduleId=${session.scheduleId}`;
  },
  [key("GET", "/api/makeups/options")]: async (fx) => `?absenceId=${await fx.absence()}`,
  [key("GET", "/api/charges/generate")]: async (fx) => `?month=2030-01&branchId=${await fx.branch()}`,
  [key("GET", "/students/:id/makeup")]: async (fx) => `?absenceId=${await fx.absence()}`,
  [key("POST", "/students/:id/makeup")]: async (fx) => `?absenceId=${await fx.absence()}`,
  // The roll call screen names its session in the URL (without it, it redirects to the latest one).
  [key("GET", "/classes/:id/attendance")]: sessionQuery,
  [key("POST", "/classes/:id/attendance")]: sessionQuery,
};

function offerForm(branchId: string) {
  return { name: `Plano ${tag()}`, monthlyValue: "89.90", checkoutLink: "https://pagamento.exemplo.com.br/p", branchId, active: "on" };
}

async function classFields(fx: Fixture) {
  return {
    courseId: await fx.course(),
    responsibleId: await fx.staff(),
    branchId: await fx.branch(),
    classroomId: await fx.classroom(),
    scheduleIds: await fx.freeSchedule(),
  };
}

/** A bank connection (a certificate made for the tests) to a bank that does not listen. */
function bankConnection() {
  const { client } = testCertificates();
  return {
    baseUrl: "https://127.0.0.1:9/api",
    tokenUrl: "https://127.0.0.1:9/oauth/token",
    clientId: "matriz",
    clientSecret: "segredo-da-matriz",
    certificatePem: client.certificatePem,
    privateKeyPem: client.privateKeyPem,
  };
}

function trialFields(classId: string) {
  return {
    guardianName: "Ana Responsável",
    studentName: "Bia Aluna",
    classId,
    whatsappNumber: "11987654321",
    scheduledDate: "2026-11-21",
    scheduledTime: "08:00",
  };
}

/** What a refused write must not touch: the table's row count and the targeted row. */
async function snapshot(row: MatrixRow, params: Record<string, string>) {
  if (!row.table) return null;
  const db = testDb();
  const [countRows] = await db.query(`SELECT COUNT(*) AS n FROM ${row.table}`);
  let target: unknown = null;
  if (row.target) {
    const [rows] = await db.query(`SELECT * FROM ${row.table} WHERE id = :id`, { replacements: { id: params[row.target] } });
    target = rows[0] ?? null;
  }
  return JSON.stringify({ count: Number((countRows as Array<{ n: number | string }>)[0].n), target });
}

const isWrite = (row: MatrixRow) => row.method !== "GET";
/**
 * Signing in, registering and signing out replace or end the caller's session:
 * those rows get a throwaway session of the same role.
 */
const SESSION_ROUTES = ["/auth", "/logout", "/api/login", "/api/register", "/api/logout"];
const touchesSession = (row: MatrixRow) => row.method === "POST" && SESSION_ROUTES.includes(row.path);

async function send(client: ApiClient, row: MatrixRow, path: string, payload: Payload): Promise<Response> {
  if ("form" in payload && payload.form) return client.form(path, payload.form);
  if ("bytes" in payload && payload.bytes) {
    return client.raw(row.method, path, { body: new Uint8Array(payload.bytes), headers: { "Content-Type": "image/png" } });
  }
  if ("json" in payload && payload.json) return client.raw(row.method, path, { body: payload.json });
  return client.raw(row.method, path);
}

beforeAll(async () => {
  const [client, team, administrator] = await Promise.all([signIn("Client"), signIn("Team"), signIn("Administrator")]);
  callers = { anonymous: anonymous(), Client: client, Team: team, Administrator: administrator };
  admin = administrator;
  const put = await fetch(admin.baseUrl + (await issueUploadUrl()), {
    method: "PUT",
    body: new Uint8Array(PNG),
    headers: { "Content-Type": "image/png" },
  });
  expect(put.status).toBe(200);
  uploadedPath = ((await put.json()) as { objectPath: string }).objectPath;
  shared = new Fixture();
});

describe("the matrix covers the route table", () => {
  const routes = flattenRoutes().flatMap((r) => {
    // Every screen renders on GET (one without a loader of its own still runs the layout's).
    const methods = r.path.startsWith("/api/") || r.methods.includes("GET") ? r.methods : ["GET" as const, ...r.methods];
    return methods.map((m) => key(m, r.path));
  });
  const rows = matrix.map((r) => key(r.method, r.path));

  it("has a row for every route and method", () => {
    expect(routes.filter((k) => !rows.includes(k))).toEqual([]);
  });

  it("has no row for a route or method that does not exist", () => {
    expect(rows.filter((k) => !routes.includes(k))).toEqual([]);
  });

  it("has each route and method once, and a valid body for every write", () => {
    expect(rows.length).toBe(new Set(rows).size);
    expect(matrix.filter((r) => isWrite(r) && !payloads[key(r.method, r.path)]).map((r) => key(r.method, r.path))).toEqual([]);
  });
});

describe.each(matrix.map((row) => [key(row.method, row.path), row] as const))("%s", (_name, row) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const expected = row.expect[caller];
    const allowed = expected < 300 || (expected === 302 && caller !== "anonymous");
    // Writes get their own rows (a delete must not eat another test's fixture); reads share one set.
    const fx = isWrite(row) ? new Fixture() : shared;
    let client = callers[caller];
    if (touchesSession(row) && caller !== "anonymous") client = await signIn(caller as Role);
    const params = await paramsFor(row.path, fx);
    const payload = (await payloads[key(row.method, row.path)]?.({ fx, caller, client, params })) ?? {};
    const path = fillPath(row.path, params) + ((await queries[key(row.method, row.path)]?.(fx)) ?? "");
    const before = await snapshot(row, params);

    const res = await send(client, row, path, payload);
    const body = await res.text();

    expect(res.status, `${row.method} ${path} as ${caller}: ${body.slice(0, 300)}`).toBe(expected);
    if (caller === "anonymous" && expected === 302 && !row.public) {
      expect(res.headers.get("Location")).toMatch(/^\/auth(\?|$)/);
    }
    if (before === null) return;
    const after = await snapshot(row, params);
    if (allowed) expect(after, "an allowed write changes its table").not.toBe(before);
    else expect(after, "a refused write leaves its table as it was").toBe(before);
  });
});
