import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Sequelize } from "sequelize";
import { addDays, shiftMonth, today } from "../app/domain/calendar/dates.ts";
import { seedCharges } from "../db/seed/charges.ts";
import { BulkInserter, bulkInsert } from "../db/seed/bulk-insert.ts";
import { sessionsBetween } from "../app/domain/calendar/sessions.ts";
import {
  AttendanceRecord,
  Branch,
  Classroom,
  ClassroomSchedule,
  ClassScheduleLink,
  Counter,
  Course,
  Enrollment,
  Guardian,
  GuardianPerson,
  Offer,
  SchoolClass,
  Student,
  Task,
  Trial,
  TrialStatusHistory,
  User,
} from "../db/models.ts";
import { LOST_REASONS } from "../app/domain/trials/constants.ts";

/**
 * The networks of the benchmark: 'benchmark' (5 branches, 20,000 families,
 * 100,000 trials) and 'franchise', ten times as large (issue 41: 50 branches,
 * 200,000 families, 240,000 students, 1,000,000 trials, about 530,000 charges).
 */
export const NETWORKS = ["benchmark", "franchise"] as const;
export type Network = (typeof NETWORKS)[number];

/** Sizes of a network; `scale` shrinks it for CI. */
export function networkSize(scale: number, network: Network = "benchmark") {
  const times = network === "franchise" ? 10 : 1;
  return {
    branches: 5 * times,
    classrooms: 40 * times,
    classes: Math.max(10, Math.round(300 * scale * times)),
    guardians: Math.round(20_000 * scale * times),
    persons: Math.round(50_000 * scale * times),
    trials: Math.round(100_000 * scale * times),
    students: Math.round(24_000 * scale * times),
  };
}

const WEEKDAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const STATUSES = ["Agendado", "Reagendado", "Não Compareceu", "Compareceu", "Quer Matricular"];

/** Multi-row INSERTs, many to a transaction, no hooks (db/seed/bulk-insert.ts). */
async function chunked<T extends Record<string, unknown>>(model: Parameters<typeof bulkInsert>[1], rows: T[], sequelize: Sequelize) {
  await bulkInsert(sequelize, model, rows);
}

/**
 * Bulk-inserts a large network (years of trials with histories) into an empty,
 * migrated database. The biggest tables (trials and their histories, roll
 * calls, charges) are written as they are made, so memory stays flat.
 */
export async function seedLargeNetwork(sequelize: Sequelize, scale: number, network: Network = "benchmark") {
  const size = networkSize(scale, network);
  const now = new Date();
  const stamp = { createdAt: now, updatedAt: now };
  const classesSince = new Date(now.getTime() - 90 * 86_400_000);
  const teacher = await User.create({
    name: "Professora Bench",
    email: `bench.${randomUUID().slice(0, 6)}@escola.com.br`,
    passwordHash: "!unusable",
    userType: "Team",
  });

  const branches = Array.from({ length: size.branches }, (_, i) => ({
    id: randomUUID(),
    name: `Unidade ${i + 1}`,
    address: `Rua ${i + 1}, 100`,
    active: true,
    isDefault: i === 0,
    ...stamp,
  }));
  await chunked(Branch, branches, sequelize);
  const classrooms = Array.from({ length: size.classrooms }, (_, i) => ({
    id: randomUUID(),
    branchId: branches[i % size.branches].id,
    name: `Sala ${i + 1}`,
    capacity: 20,
    ...stamp,
  }));
  await chunked(Classroom, classrooms, sequelize);
  const schedules = classrooms.flatMap((c) =>
    WEEKDAYS.flatMap((day) =>
      ["08:00", "09:00", "10:00", "14:00", "15:00", "18:00", "19:00", "20:00"].map((start) => ({
        id: randomUUID(),
        classroomId: c.id,
        dayOfWeek: day,
        startTime: start,
        endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}:00`,
        ...stamp,
      })),
    ),
  );
  await chunked(ClassroomSchedule, schedules, sequelize);
  const courses = ["Ballet", "Jazz", "Hip Hop", "Contemporâneo", "Sapateado", "Pilates"].map((name) => ({
    id: randomUUID(),
    name,
    active: true,
    ...stamp,
  }));
  await chunked(Course, courses, sequelize);

  const classes = [];
  const links = [];
  for (let i = 0; i < size.classes; i++) {
    const classroom = classrooms[i % classrooms.length];
    const own = schedules.filter((s) => s.classroomId === classroom.id);
    const id = randomUUID();
    // Classes exist since three months ago: they have past sessions (and roll calls).
    classes.push({
      id,
      classNumber: i + 1,
      courseId: courses[i % courses.length].id,
      responsibleId: teacher.id,
      branchId: classroom.branchId,
      classroomId: classroom.id,
      active: true,
      createdAt: classesSince,
      updatedAt: now,
    });
    const slot = Math.floor(i / classrooms.length) * 2;
    links.push({ id: randomUUID(), classId: id, scheduleId: own[slot % own.length].id, createdAt: now });
    links.push({ id: randomUUID(), classId: id, scheduleId: own[(slot + 17) % own.length].id, createdAt: now });
  }
  await chunked(SchoolClass, classes, sequelize);
  await chunked(ClassScheduleLink, links, sequelize);
  await Counter.create({ name: "classNumber", value: size.classes });

  const guardians = Array.from({ length: size.guardians }, (_, i) => ({
    id: randomUUID(),
    userId: null,
    address: `Avenida ${i}, ${i % 900}`,
    ...stamp,
  }));
  await chunked(Guardian, guardians, sequelize);
  const persons = Array.from({ length: size.persons }, (_, i) => ({
    id: randomUUID(),
    guardianId: guardians[i % size.guardians].id,
    fullName: `Pessoa ${i}`,
    cpf: String(10_000_000_000 + i).slice(0, 11),
    email: `pessoa${i}@exemplo.com`,
    birthDate: "2010-05-10",
    phone: phoneOf(i),
    isPrimary: i < size.guardians,
    ...stamp,
  }));
  await chunked(GuardianPerson, persons, sequelize);

  // The sales team: each trial has one of them as its owner (issue 29).
  const owners = [teacher.id];
  for (let k = 1; k <= 3; k++) {
    const owner = await User.create({
      name: `Consultora ${k}`,
      email: `consultora${k}.${randomUUID().slice(0, 6)}@escola.com.br`,
      passwordHash: "!unusable",
      userType: "Team",
    });
    owners.push(owner.id);
  }

  // Trials spread over the last three years (and the current month), each with 1-3 history entries;
  // about a third of those that did not come, and one in three of those that came, are lost (a reason each);
  // those who want to enrol in the last two months have a follow-up task (overdue, today or next).
  const dayMs = 86_400_000;
  const start = now.getTime() - 3 * 365 * dayMs;
  // Written together every 10,000 trials (a history entry after its trial).
  const manual = { rowsPerTransaction: Infinity };
  const trials = new BulkInserter(sequelize, Trial, manual);
  const history = new BulkInserter(sequelize, TrialStatusHistory, manual);
  const tasks = new BulkInserter(sequelize, Task, manual);
  const flushTrials = async () => {
    await trials.flush();
    await history.flush();
    await tasks.flush();
  };
  // The first trial of each class (one in fifty classes enrols it).
  const firstTrial = new Map<string, { id: string; scheduledDate: string }>();
  const todayDate = today(now);
  for (let i = 0; i < size.trials; i++) {
    if (i % 10_000 === 0) await flushTrials();
    const when = new Date(start + ((i * 9973) % (3 * 365 + 30)) * dayMs);
    const status = STATUSES[i % STATUSES.length];
    const id = randomUUID();
    const ownerId = owners[i % owners.length];
    const lost = (status === "Não Compareceu" && i % 3 === 0) || (status === "Compareceu" && i % 3 === 1);
    const closedAt = lost ? new Date(when.getTime() + 3 * dayMs) : null;
    const lostReason = lost ? LOST_REASONS[i % LOST_REASONS.length] : null;
    if (lost) await history.add({ id: randomUUID(), trialId: id, status, outcome: "Perdido", lostReason, changedAt: closedAt });
    if (status === "Quer Matricular" && now.getTime() - when.getTime() < 60 * dayMs) {
      const dueAt = addDays(todayDate, (i % 5) - 2);
      await tasks.add({ id: randomUUID(), trialId: id, ownerId, dueAt, note: null, doneAt: null, ...stamp });
    }
    const classId = classes[i % classes.length].id;
    const scheduledDate = when.toISOString().slice(0, 10);
    if (!firstTrial.has(classId)) firstTrial.set(classId, { id, scheduledDate });
    await trials.add({
      ownerId,
      outcome: lost ? "Perdido" : null,
      lostReason,
      lostNote: null,
      closedAt,
      id,
      guardianName: `Responsável ${i}`,
      studentName: `Aluna ${i}`,
      classId,
      whatsappNumber: phoneOf(i % size.persons),
      scheduledDate,
      scheduledTime: "09:00",
      status,
      origin: "Outros",
      createdAt: when,
      updatedAt: when,
    });
    await history.add({ id: randomUUID(), trialId: id, status: "Agendado", changedAt: when });
    if (status !== "Agendado")
      await history.add({ id: randomUUID(), trialId: id, status, changedAt: new Date(when.getTime() + 2 * dayMs) });
  }
  await flushTrials();

  const { rows: enrollmentRows, ...enrolled } = await seedEnrollments(sequelize, {
    size,
    now,
    branches,
    classes,
    classrooms,
    guardians,
    firstTrial,
  });
  const attendance = await seedAttendance(sequelize, {
    now,
    teacherId: teacher.id,
    classes,
    links,
    schedules,
    enrollments: enrollmentRows,
  });
  // Twelve months of charges (about 60 000 at full size), the last ones partly late.
  const thisMonth = today().slice(0, 7);
  const months = Array.from({ length: 12 }, (_, i) => shiftMonth(thisMonth, i - 11));
  const money = await seedCharges(sequelize, { months, today: today(), lateShare: 0.12, hooks: false, bulk: true });
  // A deployed PostgreSQL has vacuumed and analysed a table after a bulk load (autovacuum: statistics
  // for the planner, and the visibility map that lets a count or a covering index skip the table's
  // rows); a server run with autovacuum off, as a test machine may be, would otherwise plan blind
  // and read every row of a table to count it.
  if (sequelize.getDialect() === "postgres") await sequelize.query("VACUUM ANALYZE");
  return { ...size, schedules: schedules.length, history: history.count, tasks: tasks.count, ...enrolled, attendance, ...money };
}

/** A distinct mobile number per person (a trial's WhatsApp number is one of them: enrolling proposes that family). */
function phoneOf(i: number): string {
  return `119${String(10_000_000 + i).slice(-8)}`;
}

/**
 * Students (about 1.2 per family) and enrolments in nine classes out of ten:
 * each of those classes 12 to 20 active students on its branch's offers (its
 * classroom seats 20), one in ten full with a waiting list of 5, and 2
 * cancelled enrolments each; one trial in fifty of those classes has become an
 * enrolment. Bulk inserts.
 */
async function seedEnrollments(
  sequelize: Sequelize,
  {
    size,
    now,
    branches,
    classes,
    classrooms,
    guardians,
    firstTrial,
  }: {
    size: ReturnType<typeof networkSize>;
    now: Date;
    branches: Array<{ id: string }>;
    classes: Array<{ id: string; branchId: string; classroomId: string }>;
    classrooms: Array<{ id: string; capacity: number }>;
    guardians: Array<{ id: string }>;
    firstTrial: Map<string, { id: string; scheduledDate: string }>;
  },
) {
  const stamp = { createdAt: now, updatedAt: now };
  const offers = branches.flatMap((b, i) =>
    [
      ["Plano Mensal", "149.90"],
      ["Plano Trimestral", "399.00"],
    ].map(([name, value]) => ({
      id: randomUUID(),
      name,
      monthlyValue: value,
      checkoutLink: `https://pagamentos.example.com.br/bench/${i}-${name.length}`,
      branchId: b.id,
      active: true,
      ...stamp,
    })),
  );
  await chunked(Offer, offers, sequelize);
  const offersOf = new Map<string, string[]>();
  for (const o of offers) offersOf.set(o.branchId, [...(offersOf.get(o.branchId) ?? []), o.id]);

  const students = Array.from({ length: Math.max(1, size.students) }, (_, i) => ({
    id: randomUUID(),
    guardianId: guardians[i % guardians.length].id,
    fullName: `Aluno ${i}`,
    birthDate: `${2008 + (i % 12)}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
    notes: null,
    active: i % 50 !== 49,
    ...stamp,
  }));
  await chunked(Student, students, sequelize);
  const activeStudents = students.filter((s) => s.active);

  const capacity = new Map(classrooms.map((c) => [c.id, c.capacity]));
  const startDate = new Date(now.getTime() - 60 * 86_400_000).toISOString().slice(0, 10);
  const enrollments: Array<Record<string, unknown>> = [];
  const byTrial = new Map<string, string>();
  let next = 0;
  for (const [i, cls] of classes.entries()) {
    if (i % 10 === 9) continue; // one class in ten has no students yet
    const seats = capacity.get(cls.classroomId) ?? 20;
    const full = i % 10 === 0;
    const seated = full ? seats : Math.min(seats, 12 + (i % 9));
    const offerIds = offersOf.get(cls.branchId)!;
    const add = (status: string, extra: Record<string, unknown> = {}) => {
      const student = activeStudents[next++ % activeStudents.length];
      const row = {
        id: randomUUID(),
        studentId: student.id,
        classId: cls.id,
        offerId: offerIds[next % offerIds.length],
        startDate,
        status,
        waitlistPosition: null,
        cancelledAt: null,
        cancelReason: null,
        trialId: null,
        ...stamp,
        ...extra,
      };
      enrollments.push(row);
      return row;
    };
    for (let k = 0; k < seated; k++) {
      const trial = k === 0 && i % 50 === 1 ? firstTrial.get(cls.id) : undefined;
      const row = add("Ativa", trial ? { trialId: trial.id } : {});
      if (trial) byTrial.set(trial.id, row.id);
    }
    if (full) for (let k = 1; k <= 5; k++) add("Em espera", { waitlistPosition: k });
    for (let k = 0; k < 2; k++) add("Cancelada", { cancelledAt: now, cancelReason: "Mudança de horário" });
  }
  await chunked(Enrollment, enrollments, sequelize);
  for (const [trialId, enrollmentId] of byTrial) {
    await Trial.update({ enrollmentId, outcome: "Matriculado", lostReason: null, closedAt: now }, { where: { id: trialId } });
  }
  return { offers: offers.length, students: students.length, enrollments: enrollments.length, rows: enrollments };
}

/**
 * Roll calls of the last four weeks (up to yesterday, in the school's time
 * zone) for every class with students: one record per enrolment active on each
 * session's date, about one in ten an absence. Bulk inserts.
 */
async function seedAttendance(
  sequelize: Sequelize,
  {
    now,
    teacherId,
    classes,
    links,
    schedules,
    enrollments,
  }: {
    now: Date;
    teacherId: string;
    classes: Array<{ id: string }>;
    links: Array<{ classId: string; scheduleId: string }>;
    schedules: Array<{ id: string; dayOfWeek: string; startTime: string; endTime: string }>;
    enrollments: Array<Record<string, unknown>>;
  },
): Promise<number> {
  const day = today(now);
  const byId = new Map(schedules.map((s) => [s.id, s]));
  const linksOf = new Map<string, string[]>();
  for (const l of links) linksOf.set(l.classId, [...(linksOf.get(l.classId) ?? []), l.scheduleId]);
  const enrolledIn = new Map<string, Array<Record<string, unknown>>>();
  // 'Ativa', and 'Cancelada' today (still in the past sessions); not the waiting list.
  for (const e of enrollments)
    if (e.status !== "Em espera") enrolledIn.set(e.classId as string, [...(enrolledIn.get(e.classId as string) ?? []), e]);
  const rows = new BulkInserter(sequelize, AttendanceRecord);
  for (const cls of classes) {
    const pupils = enrolledIn.get(cls.id);
    if (!pupils) continue;
    const own = (linksOf.get(cls.id) ?? []).map((id) => byId.get(id)!);
    for (const [k, session] of sessionsBetween(own, addDays(day, -90), addDays(day, -28), addDays(day, -1)).entries()) {
      const at = new Date(`${session.date}T${session.endTime}:00-03:00`);
      for (const [p, e] of pupils.entries()) {
        if ((e.startDate as string) > session.date) continue;
        const n = (k * 7 + p * 3) % 20;
        await rows.add({
          id: randomUUID(),
          enrollmentId: e.id,
          makeupId: null,
          classId: cls.id,
          scheduleId: session.scheduleId,
          date: session.date,
          status: n < 2 ? "Falta" : n === 2 ? "Falta justificada" : "Presente",
          note: null,
          takenById: teacherId,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
  }
  await rows.flush();
  return rows.count;
}

/**
 * A SQLite file holding a seeded network, kept in `.tmp/bench-networks/` and
 * keyed by the network, its scale, the seeder's version and the schema (the last
 * migration): a second run copies it instead of seeding again. Returns the
 * sizes the seeding reported (stored beside it).
 */
export const SEED_VERSION = 1;
export async function cachedSqliteNetwork(
  network: Network,
  scale: number,
  into: string,
  setup: (url: string) => Promise<Sequelize>,
): Promise<{ sizes: object; cached: boolean }> {
  const { migrations } = await import("../db/migrations/index.ts");
  const schema = migrations.at(-1)!.name;
  const dir = path.resolve(".tmp/bench-networks");
  const file = path.join(dir, `${network}-x${scale}-seed${SEED_VERSION}-${schema}.sqlite`);
  const sizesFile = `${file}.json`;
  if (!fs.existsSync(file) || !fs.existsSync(sizesFile)) {
    fs.mkdirSync(dir, { recursive: true });
    const partial = `${file}.partial`;
    fs.rmSync(partial, { force: true });
    const sequelize = await setup(`sqlite:${partial}`);
    const sizes = await seedLargeNetwork(sequelize, scale, network);
    await sequelize.query("PRAGMA wal_checkpoint(TRUNCATE)");
    await sequelize.query("ANALYZE");
    await sequelize.close();
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(partial + suffix, { force: true });
    fs.renameSync(partial, file);
    fs.writeFileSync(sizesFile, JSON.stringify(sizes));
    fs.copyFileSync(file, into);
    return { sizes, cached: false };
  }
  fs.copyFileSync(file, into);
  // Migrations newer than the cached schema do not exist (the key holds the last one): setup only checks.
  await (await setup(`sqlite:${into}`)).close();
  return { sizes: JSON.parse(fs.readFileSync(sizesFile, "utf8")) as object, cached: true };
}
