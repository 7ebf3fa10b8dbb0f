import { randomUUID } from "node:crypto";
import type { Sequelize } from "sequelize";
import {
  Branch,
  Classroom,
  ClassroomSchedule,
  ClassScheduleLink,
  Counter,
  Course,
  Guardian,
  GuardianPerson,
  SchoolClass,
  Trial,
  TrialStatusHistory,
  User,
} from "../db/models.ts";

/** Sizes of the large network of the performance issue; `scale` shrinks it for CI. */
export function networkSize(scale: number) {
  return {
    branches: 5,
    classrooms: 40,
    classes: Math.max(10, Math.round(300 * scale)),
    guardians: Math.round(20_000 * scale),
    persons: Math.round(50_000 * scale),
    trials: Math.round(100_000 * scale),
  };
}

const WEEKDAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const STATUSES = ["Agendado", "Reagendado", "Não Compareceu", "Compareceu", "Quer Matricular"];

async function chunked<T extends object>(model: { bulkCreate(rows: T[], o: object): Promise<unknown> }, rows: T[], sequelize: Sequelize, size = 2000) {
  for (let i = 0; i < rows.length; i += size) {
    await sequelize.transaction((transaction) => model.bulkCreate(rows.slice(i, i + size), { transaction, validate: false, hooks: false }));
  }
}

/** Bulk-inserts a large network (years of trials with histories) into an empty, migrated database. */
export async function seedLargeNetwork(sequelize: Sequelize, scale: number) {
  const size = networkSize(scale);
  const now = new Date();
  const stamp = { createdAt: now, updatedAt: now };
  const teacher = await User.create({ name: "Professora Bench", email: `bench.${randomUUID().slice(0, 6)}@escola.com.br`, passwordHash: "!unusable", userType: "Team" });

  const branches = Array.from({ length: size.branches }, (_, i) => ({ id: randomUUID(), name: `Unidade ${i + 1}`, address: `Rua ${i + 1}, 100`, active: true, isDefault: i === 0, ...stamp }));
  await chunked(Branch, branches, sequelize);
  const classrooms = Array.from({ length: size.classrooms }, (_, i) => ({ id: randomUUID(), branchId: branches[i % size.branches].id, name: `Sala ${i + 1}`, capacity: 20, ...stamp }));
  await chunked(Classroom, classrooms, sequelize);
  const schedules = classrooms.flatMap((c) =>
    WEEKDAYS.flatMap((day) => ["08:00", "09:00", "10:00", "14:00", "15:00", "18:00", "19:00", "20:00"].map((start) => ({ id: randomUUID(), classroomId: c.id, dayOfWeek: day, startTime: start, endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}:00`, ...stamp }))),
  );
  await chunked(ClassroomSchedule, schedules, sequelize);
  const courses = ["Ballet", "Jazz", "Hip Hop", "Contemporâneo", "Sapateado", "Pilates"].map((name) => ({ id: randomUUID(), name, active: true, ...stamp }));
  await chunked(Course, courses, sequelize);

  const classes = [];
  const links = [];
  for (let i = 0; i < size.classes; i++) {
    const classroom = classrooms[i % classrooms.length];
    const own = schedules.filter((s) => s.classroomId === classroom.id);
    const id = randomUUID();
    classes.push({ id, classNumber: i + 1, courseId: courses[i % courses.length].id, responsibleId: teacher.id, branchId: classroom.branchId, classroomId: classroom.id, active: true, ...stamp });
    const slot = Math.floor(i / classrooms.length) * 2;
    links.push({ id: randomUUID(), classId: id, scheduleId: own[slot % own.length].id, createdAt: now });
    links.push({ id: randomUUID(), classId: id, scheduleId: own[(slot + 17) % own.length].id, createdAt: now });
  }
  await chunked(SchoolClass, classes, sequelize);
  await chunked(ClassScheduleLink, links, sequelize);
  await Counter.create({ name: "classNumber", value: size.classes });

  const guardians = Array.from({ length: size.guardians }, (_, i) => ({ id: randomUUID(), userId: null, address: `Avenida ${i}, ${i % 900}`, ...stamp }));
  await chunked(Guardian, guardians, sequelize);
  const persons = Array.from({ length: size.persons }, (_, i) => ({
    id: randomUUID(),
    guardianId: guardians[i % size.guardians].id,
    fullName: `Pessoa ${i}`,
    cpf: String(10_000_000_000 + i).slice(0, 11),
    email: `pessoa${i}@exemplo.com`,
    birthDate: "2010-05-10",
    phone: "11987654321",
    isPrimary: i < size.guardians,
    ...stamp,
  }));
  await chunked(GuardianPerson, persons, sequelize);

  // Trials spread over the last three years (and the current month), each with 1-3 history entries.
  const dayMs = 86_400_000;
  const start = now.getTime() - 3 * 365 * dayMs;
  const trials = [];
  const history = [];
  for (let i = 0; i < size.trials; i++) {
    const when = new Date(start + ((i * 9973) % (3 * 365 + 30)) * dayMs);
    const status = STATUSES[i % STATUSES.length];
    const id = randomUUID();
    trials.push({ id, guardianName: `Responsável ${i}`, studentName: `Aluna ${i}`, classId: classes[i % classes.length].id, whatsappNumber: "11987654321", scheduledDate: when.toISOString().slice(0, 10), scheduledTime: "09:00", status, origin: "Outros", createdAt: when, updatedAt: when });
    history.push({ id: randomUUID(), trialId: id, status: "Agendado", changedAt: when });
    if (status !== "Agendado") history.push({ id: randomUUID(), trialId: id, status, changedAt: new Date(when.getTime() + 2 * dayMs) });
  }
  await chunked(Trial, trials, sequelize);
  await chunked(TrialStatusHistory, history, sequelize);
  return { ...size, schedules: schedules.length, history: history.length };
}
