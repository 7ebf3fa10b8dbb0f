import { randomUUID } from "node:crypto";
import type { Sequelize } from "sequelize";
import { initModels } from "../../db/models";
import {
  AbsenceNotice,
  BillingSettings,
  Branch,
  Charge,
  Classroom,
  ClassroomSchedule,
  ClassScheduleLink,
  Counter,
  Course,
  AttendanceRecord,
  Enrollment,
  Guardian as GuardianRow,
  Job,
  GuardianPerson as GuardianPersonRow,
  Makeup,
  Offer,
  Payment,
  PixInbox,
  SchoolClass,
  Student,
  Task,
  Trial,
  TrialStatusHistory,
  User,
} from "../../db/models";

/**
 * Test data written straight into the test server's database, for tests that
 * need rows of other areas (a class for a trial, a classroom for a class...).
 * Tests of an area's own behaviour go through its HTTP API instead.
 *
 * One module for both runners: the API tests point it at their server's
 * database (tests/support/setup-api.ts), the e2e tests at theirs (e2e/db.ts).
 */
let database: (() => Sequelize) | null = null;
let initialised: Sequelize | null = null;

export function useFactoryDatabase(open: () => Sequelize) {
  database = open;
}

function testDb(): Sequelize {
  if (!database) throw new Error("factories: no database (call useFactoryDatabase first)");
  const sequelize = database();
  if (initialised !== sequelize) {
    initModels(sequelize);
    initialised = sequelize;
  }
  return sequelize;
}

function models() {
  testDb();
}

const suffix = () => randomUUID().slice(0, 6);

export async function makeBranch(attrs: Partial<{ name: string; address: string; active: boolean; isDefault: boolean }> = {}) {
  models();
  return Branch.create({ name: `Unidade ${suffix()}`, address: "Rua das Flores, 100", active: true, isDefault: false, ...attrs });
}

export async function makeClassroom(branchId: string, attrs: Partial<{ name: string; capacity: number }> = {}) {
  models();
  return Classroom.create({ branchId, name: `Sala ${suffix()}`, capacity: 20, ...attrs });
}

export async function makeSchedule(classroomId: string, attrs: Partial<{ dayOfWeek: string; startTime: string; endTime: string }> = {}) {
  models();
  return ClassroomSchedule.create({ classroomId, dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00", ...attrs });
}

export async function makeCourse(attrs: Partial<{ name: string; active: boolean }> = {}) {
  models();
  return Course.create({ name: `Curso ${suffix()}`, active: true, ...attrs });
}

export async function makeStaffUser(userType: "Team" | "Administrator" | "Client" = "Team") {
  models();
  return User.create({ name: `Professor ${suffix()}`, email: `staff.${randomUUID()}@teste.com`, passwordHash: "!unusable", userType });
}

/**
 * A whole class: branch, classroom, one schedule (or the given ones), course and responsible.
 * `createdAt` back-dates it (its sessions start on its creation date).
 */
export async function makeClass(
  attrs: Partial<{ branchId: string; classroomId: string; courseId: string; responsibleId: string; active: boolean; createdAt: Date }> & {
    schedules?: Array<{ dayOfWeek: string; startTime: string; endTime: string }>;
  } = {},
) {
  models();
  const branchId = attrs.branchId ?? (await makeBranch()).id;
  const classroomId = attrs.classroomId ?? (await makeClassroom(branchId)).id;
  const courseId = attrs.courseId ?? (await makeCourse()).id;
  const responsibleId = attrs.responsibleId ?? (await makeStaffUser()).id;
  const schedules: ClassroomSchedule[] = [];
  for (const s of attrs.schedules ?? [{ dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" }]) {
    schedules.push(await makeSchedule(classroomId, s));
  }
  const sequelize = testDb();
  return sequelize.transaction(async (transaction) => {
    const [counter] = await Counter.findOrCreate({
      where: { name: "classNumber" },
      defaults: { name: "classNumber", value: 0 },
      transaction,
    });
    await counter.increment("value", { transaction });
    await counter.reload({ transaction });
    const cls = await SchoolClass.create(
      {
        classNumber: counter.value,
        courseId,
        responsibleId,
        branchId,
        classroomId,
        active: attrs.active ?? true,
        ...(attrs.createdAt ? { createdAt: attrs.createdAt } : {}),
      },
      { transaction },
    );
    for (const s of schedules) await ClassScheduleLink.create({ classId: cls.id, scheduleId: s.id }, { transaction });
    return { cls, branchId, classroomId, courseId, responsibleId, schedules };
  });
}

export async function makeTrial(
  classId: string,
  attrs: Partial<{
    guardianName: string;
    studentName: string;
    whatsappNumber: string;
    scheduledDate: string;
    scheduledTime: string;
    status: string;
    origin: string;
    createdAt: Date;
    ownerId: string | null;
    outcome: string | null;
    lostReason: string | null;
    closedAt: Date | null;
  }> = {},
  history: Array<{ status: string; changedAt: Date }> = [],
) {
  models();
  const trial = await Trial.create({
    guardianName: "Responsável Teste",
    studentName: "Aluna Teste",
    classId,
    whatsappNumber: "11987654321",
    scheduledDate: "2026-11-21",
    scheduledTime: "08:00",
    status: "Agendado",
    origin: "Outros",
    ...attrs,
  });
  for (const h of history) await TrialStatusHistory.create({ trialId: trial.id, ...h });
  return trial;
}

/** A user row written directly (fast: no password hashing), e.g. to fill a long list. */
export async function makeUser(
  attrs: Partial<{ name: string; email: string; userType: string; cpf: string | null; avatarUrl: string | null }> = {},
) {
  models();
  return User.create({
    name: `Usuário ${suffix()}`,
    email: `user.${randomUUID().slice(0, 12)}@teste.com`,
    passwordHash: "!unusable",
    userType: "Team",
    ...attrs,
  });
}

/** A guardian with its Client user and persons (the first one primary), written directly. */
export async function makeGuardian(personCount = 2) {
  models();
  const tag = randomUUID().slice(0, 8);
  const user = await User.create({
    name: `Responsável ${tag}`,
    email: `resp.${tag}@teste.com`,
    passwordHash: "!unusable",
    userType: "Client",
  });
  const guardian = await GuardianRow.create({ userId: user.id, address: "Rua dos Responsáveis, 10" });
  const persons = [];
  for (let i = 0; i < personCount; i++) {
    persons.push(
      await GuardianPersonRow.create({
        guardianId: guardian.id,
        fullName: `Pessoa ${i} ${tag}`,
        cpf: String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)),
        email: `pessoa${i}.${tag}@teste.com`,
        birthDate: "1990-05-17",
        phone: "11987654321",
        isPrimary: i === 0,
      }),
    );
  }
  return { guardian, persons, user };
}

/** Many users at once (no usable password), e.g. to make the users list page. */
export async function makeUsers(count: number, tag = suffix()) {
  models();
  return User.bulkCreate(
    Array.from({ length: count }, (_, i) => ({
      name: `Lista ${tag} ${String(i).padStart(3, "0")}`,
      email: `lista.${tag}.${i}@teste.com`,
      passwordHash: "!unusable",
      userType: (["Administrator", "Team", "Client"] as const)[i % 3],
    })),
  );
}

/** Many guardians without a user, each with one primary person, e.g. to make the guardians list page. */
export async function makeGuardians(count: number, tag = suffix()) {
  const sequelize = testDb();
  await sequelize.transaction(async (transaction) => {
    for (let i = 0; i < count; i++) {
      const guardian = await GuardianRow.create({ address: `Rua da Lista ${tag}, ${i}` }, { transaction });
      await GuardianPersonRow.create(
        {
          guardianId: guardian.id,
          fullName: `Família ${tag} ${String(i).padStart(3, "0")}`,
          cpf: String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)),
          email: `familia.${tag}.${i}@teste.com`,
          birthDate: "1987-02-03",
          phone: "11987654321",
          isPrimary: true,
        },
        { transaction },
      );
    }
  });
}

/** An offer (plan) of a branch, active unless told. */
export async function makeOffer(
  branchId: string,
  attrs: Partial<{ name: string; monthlyValue: string; checkoutLink: string; active: boolean }> = {},
) {
  models();
  return Offer.create({
    name: `Plano ${suffix()}`,
    monthlyValue: "150.00",
    checkoutLink: "https://pagamento.exemplo.com/plano",
    branchId,
    active: true,
    ...attrs,
  });
}

/** A student of a guardian, active unless told. */
export async function makeStudent(
  guardianId: string,
  attrs: Partial<{ fullName: string; birthDate: string | null; notes: string | null; active: boolean }> = {},
) {
  models();
  return Student.create({ guardianId, fullName: `Aluno ${suffix()}`, birthDate: "2016-03-10", notes: null, active: true, ...attrs });
}

/**
 * An enrolment written directly (no capacity or waiting-list rules): 'Ativa'
 * unless told; give `waitlistPosition` with 'Em espera'.
 */
export async function makeEnrollment(attrs: {
  studentId: string;
  classId: string;
  offerId: string;
  status?: "Ativa" | "Em espera" | "Cancelada";
  startDate?: string;
  waitlistPosition?: number | null;
  cancelledAt?: Date | null;
  cancelReason?: string | null;
  trialId?: string | null;
  createdAt?: Date;
}) {
  models();
  const status = attrs.status ?? "Ativa";
  return Enrollment.create({
    startDate: "2026-12-01",
    waitlistPosition: null,
    cancelledAt: status === "Cancelada" ? new Date() : null,
    cancelReason: status === "Cancelada" ? "Cancelada no teste" : null,
    trialId: null,
    ...attrs,
    status,
  });
}

/**
 * An attendance record written directly (no session or roster rules): of an
 * enrolment or of a make-up (give exactly one), 'Presente' unless told.
 */
export type AttendanceStatus = "Presente" | "Falta" | "Falta justificada";

export async function makeAttendance(attrs: {
  enrollmentId?: string | null;
  makeupId?: string | null;
  classId: string;
  scheduleId: string;
  date: string;
  status?: AttendanceStatus;
  note?: string | null;
  takenById?: string | null;
}) {
  models();
  return AttendanceRecord.create({ enrollmentId: null, makeupId: null, status: "Presente", note: null, takenById: null, ...attrs });
}

/** An absence notice ('Avisar falta') written directly (no family, session or date rules). */
export async function makeAbsenceNotice(attrs: {
  enrollmentId: string;
  classId: string;
  scheduleId: string;
  date: string;
  note?: string | null;
  createdById?: string | null;
}) {
  models();
  return AbsenceNotice.create({ note: null, createdById: null, ...attrs });
}

/** A make-up written directly (no window, course or capacity rules): 'Agendada' unless told. */
export async function makeMakeup(attrs: {
  absenceId: string;
  classId: string;
  scheduleId: string;
  date: string;
  status?: "Agendada" | "Realizada" | "Não compareceu";
}) {
  models();
  return Makeup.create({ status: "Agendada", ...attrs });
}

/** A follow-up task written directly: open, due today unless told. */
export async function makeTask(attrs: {
  trialId: string;
  ownerId: string | null;
  dueAt?: string;
  note?: string | null;
  doneAt?: Date | null;
}) {
  models();
  return Task.create({ dueAt: new Date().toISOString().slice(0, 10), note: null, doneAt: null, ...attrs });
}

/** A charge written directly (no rules): a one-off 'Aberta' of R$ 100,00 unless told; amounts in cents. */
export async function makeCharge(attrs: {
  guardianId: string;
  branchId: string;
  studentId?: string | null;
  enrollmentId?: string | null;
  competence?: string | null;
  description?: string;
  amountCents?: number;
  dueDate?: string;
  status?: "Aberta" | "Paga" | "Cancelada";
  code?: string;
  feesWaived?: boolean;
  createdAt?: Date;
  finePercent?: number | string;
  monthlyInterestPercent?: number | string;
}) {
  models();
  // Like an issued charge: the branch's fee terms now (the defaults when it has none stored), unless told.
  const settings = await BillingSettings.findByPk(attrs.branchId);
  return Charge.create({
    code: `T${randomUUID().replace(/-/g, "").slice(0, 20).toUpperCase()}`,
    description: "Cobrança de teste",
    amountCents: 10_000,
    dueDate: "2026-12-10",
    status: "Aberta",
    feesWaived: false,
    finePercent: settings?.finePercent ?? 2,
    monthlyInterestPercent: settings?.monthlyInterestPercent ?? 1,
    ...attrs,
  });
}

/** A branch's billing settings written directly (no rules: a value the settings' command refuses, too). */
export async function makeBillingSettings(
  branchId: string,
  attrs: Partial<{ pixKey: string | null; payeeName: string | null; payeeCity: string | null; dueDay: number }> = {},
) {
  models();
  return BillingSettings.create({
    branchId,
    pixKey: null,
    payeeName: null,
    payeeCity: null,
    dueDay: 10,
    finePercent: 2,
    monthlyInterestPercent: 1,
    ...attrs,
  });
}

/** A payment written directly (no rules). */
export async function makePayment(attrs: {
  chargeId: string;
  amountCents: number;
  paidOn: string;
  method?: string;
  /** A payment the bank received (issue 42): source 'bank' with its Pix's endToEndId. */
  endToEndId?: string;
}) {
  models();
  return Payment.create({ method: "Pix", note: null, ...attrs, source: attrs.endToEndId ? "bank" : "manual" });
}

/** A Pix of the inbox the bank confirmed without a charge of ours ('Pix sem cobrança'), written directly. */
export async function makeInboxPix(attrs: { branchId: string; valorCents?: number; infoPagador?: string }) {
  models();
  const endToEndId = `E99999008${Date.now()}${suffix()}`
    .replace(/[^a-zA-Z0-9]/g, "")
    .slice(0, 32)
    .padEnd(32, "0");
  return PixInbox.create({
    endToEndId,
    branchId: attrs.branchId,
    txid: null,
    valor: attrs.valorCents ?? 15000,
    horario: new Date(),
    infoPagador: attrs.infoPagador ?? null,
    receivedAt: new Date(),
    processedAt: new Date(),
    outcome: "no-charge",
  });
}

/** A job of the queue that failed for good (its ten tries spent), of a kind no server runs. */
export async function makeFailedJob(attrs: { kind?: string; lastError?: string; key?: string | null } = {}) {
  models();
  const now = new Date();
  return Job.create({
    kind: attrs.kind ?? "test.unknown",
    payload: "{}",
    key: attrs.key ?? null,
    activeKey: null,
    status: "failed",
    attempts: 10,
    runAt: now,
    lastError: attrs.lastError ?? "Banco não respondeu em 10 s",
    finishedAt: now,
  });
}
