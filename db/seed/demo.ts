import crypto from "node:crypto";
import type { Sequelize, Transaction } from "sequelize";
import { hash } from "@node-rs/argon2";
import { addDays, dateInTimeZone, isSunday, notSunday, shiftMonth, today } from "../../app/domain/calendar/dates.ts";
import { seedBillingSettings, seedCharges } from "./charges.ts";
import { firstSessionDate, sessionsBetween } from "../../app/domain/calendar/sessions.ts";
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
  Makeup,
  Offer,
  SchoolClass,
  Student,
  Task,
  Trial,
  TrialStatusHistory,
  User,
} from "../models.ts";

/**
 * A realistic demo network: branches (one default, one inactive), classrooms
 * with weekly slots, courses, offers, classes, guardians with persons and their
 * client users, and trials over this month and the last with status histories;
 * students of the families enrolled in most classes (one class full, with a
 * waiting list; some cancelled enrolments; one trial already enrolled).
 * Each trial has an owner (mostly 'Equipe Comercial'); some are lost with a
 * reason, and those who want to enrol have follow-up tasks (overdue, today, next).
 * Deterministic (seeded random), and idempotent: it does nothing if the demo
 * administrator already exists.
 */

export const DEMO_ACCOUNTS = [
  { name: "Administradora Demo", email: "admin@escola.com.br", password: "admin123", userType: "Administrator" },
  { name: "Equipe Comercial", email: "equipe@escola.com.br", password: "equipe123", userType: "Team" },
  { name: "Cliente Demo", email: "cliente@escola.com.br", password: "cliente123", userType: "Client" },
] as const;

const HASH_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FIRST = [
  "Ana",
  "Beatriz",
  "Carla",
  "Daniela",
  "Eduarda",
  "Fernanda",
  "Gabriela",
  "Helena",
  "Isabela",
  "Júlia",
  "Larissa",
  "Mariana",
  "Natália",
  "Olívia",
  "Paula",
  "Rafaela",
  "Sofia",
  "Valentina",
  "Alice",
  "Laura",
  "Manuela",
  "Lívia",
  "Cecília",
  "Heloísa",
];
const MALE = ["Carlos", "Eduardo", "Felipe", "Gustavo", "João", "Lucas", "Marcelo", "Paulo", "Rodrigo", "Thiago"];
const LAST = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Araújo",
  "Barbosa",
];
const STREETS = [
  "Rua das Acácias",
  "Avenida Paulista",
  "Rua Augusta",
  "Rua dos Ipês",
  "Avenida Brasil",
  "Rua Harmonia",
  "Rua Oscar Freire",
  "Alameda Santos",
];
const WEEKDAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
/** The demo classes' weekdays and start time, by their position in the branch. */
const CLASS_SLOTS: ReadonlyArray<readonly [readonly [string, string], string]> = [
  [["Segunda", "Quarta"], "18:00"],
  [["Terça", "Quinta"], "19:00"],
  [["Sexta", "Sábado"], "09:00"],
  [["Quarta", "Sábado"], "08:00"],
];
const STATUSES = ["Agendado", "Reagendado", "Não Compareceu", "Compareceu", "Quer Matricular"];
const ORIGINS = ["Google Ads", "Facebook Ads", "Indicação", "Outros"];

function cpfFrom(n: number): string {
  return String(10000000000 + n * 7919).slice(0, 11);
}

/** Today's calendar date in the school's time zone (SCHOOL_TIME_ZONE, set by the caller). */
function todayParts(): { y: number; m: number; d: number } {
  const [y, m, d] = today().split("-").map(Number);
  return { y, m, d };
}

/**
 * The schools close on Sundays, so nothing of the demo happens on one: an
 * instant on a Sunday (in the school's time zone) moves to the Monday after,
 * and nothing is later than `latestOpenInstant` (now, or this time yesterday
 * when today is a Sunday).
 */
function latestOpenInstant(): number {
  const now = Date.now();
  return isSunday(dateInTimeZone(new Date(now))) ? now - 86_400_000 : now;
}

function openInstant(at: number): Date {
  const moved = isSunday(dateInTimeZone(new Date(at))) ? at + 86_400_000 : at;
  return new Date(Math.min(moved, latestOpenInstant()));
}

function ymd(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.toISOString().slice(0, 10);
}

export async function seedDemo(sequelize: Sequelize) {
  const existing = await User.findOne({ where: { email: DEMO_ACCOUNTS[0].email } });
  if (existing) return { created: false, counts: {}, accounts: DEMO_ACCOUNTS };
  const rand = rng(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const counts: Record<string, number> = {};
  const unusable = "!unusable";

  await sequelize.transaction(async (transaction: Transaction) => {
    const t = { transaction };
    const accounts = [];
    for (const a of DEMO_ACCOUNTS) {
      accounts.push(
        await User.create({ name: a.name, email: a.email, userType: a.userType, passwordHash: await hash(a.password, HASH_OPTIONS) }, t),
      );
    }
    const teachers = [accounts[0], accounts[1]];
    for (const [i, name] of ["Profa. Marina Duarte", "Prof. Rafael Nunes", "Profa. Camila Rocha"].entries()) {
      teachers.push(
        await User.create(
          { name, email: `professor${i + 1}@escola.com.br`, userType: "Team", passwordHash: unusable, cpf: cpfFrom(900 + i) },
          t,
        ),
      );
    }
    counts["usuários"] = accounts.length + 3;

    const branchSpecs = [
      { name: "Unidade Centro", address: "Rua Harmonia, 120 - Centro, São Paulo - SP", isDefault: true, active: true },
      { name: "Unidade Jardins", address: "Alameda Santos, 845 - Jardins, São Paulo - SP", isDefault: false, active: true },
      { name: "Unidade Zona Norte", address: "Avenida Braz Leme, 1500 - Santana, São Paulo - SP", isDefault: false, active: true },
      { name: "Unidade Moema (fechada)", address: "Avenida Ibirapuera, 3000 - Moema, São Paulo - SP", isDefault: false, active: false },
    ];
    const branches = [];
    for (const b of branchSpecs) branches.push(await Branch.create(b, t));
    counts["unidades"] = branches.length;

    const courses = [];
    for (const [name, active] of [
      ["Ballet Clássico", true],
      ["Jazz", true],
      ["Hip Hop", true],
      ["Dança Contemporânea", true],
      ["Sapateado", true],
      ["Pilates", false],
    ] as const) {
      courses.push(await Course.create({ name, active }, t));
    }
    counts["cursos"] = courses.length;

    let offers = 0;
    for (const branch of branches.slice(0, 3)) {
      for (const [name, value] of [
        ["Plano Mensal 1x por semana", "129.90"],
        ["Plano Mensal 2x por semana", "189.90"],
        ["Plano Livre", "279.00"],
      ] as const) {
        await Offer.create(
          {
            name,
            monthlyValue: value,
            checkoutLink: `https://pagamentos.example.com.br/checkout/${branch.id.slice(0, 8)}-${offers}`,
            branchId: branch.id,
            active: true,
          },
          t,
        );
        offers++;
      }
    }
    counts["ofertas"] = offers;

    const slotTimes = [
      ["08:00", "09:00"],
      ["09:00", "10:00"],
      ["14:00", "15:00"],
      ["18:00", "19:00"],
      ["19:00", "20:00"],
    ];
    const classroomsByBranch = new Map<string, { classroom: Classroom; schedules: ClassroomSchedule[] }[]>();
    let classroomCount = 0;
    let scheduleCount = 0;
    for (const branch of branches.slice(0, 3)) {
      const list = [];
      for (const [name, capacity] of [
        ["Sala 1 - Espelhos", 20],
        ["Sala 2 - Estúdio", 15],
        ["Sala 3 - Palco", 30],
      ] as const) {
        const classroom = await Classroom.create({ branchId: branch.id, name, capacity }, t);
        classroomCount++;
        const schedules = [];
        for (const day of WEEKDAYS) {
          for (const [start, end] of slotTimes) {
            if (day === "Sábado" && start >= "14:00") continue;
            schedules.push(
              await ClassroomSchedule.create({ classroomId: classroom.id, dayOfWeek: day, startTime: start, endTime: end }, t),
            );
            scheduleCount++;
          }
        }
        list.push({ classroom, schedules });
      }
      classroomsByBranch.set(branch.id, list);
    }
    counts["salas"] = classroomCount;
    counts["horários"] = scheduleCount;

    const classes: SchoolClass[] = [];
    let number = 0;
    // The classes exist since the first day of last month (their sessions, and so their roll calls, start then).
    const { y: cy, m: cm } = todayParts();
    const classesSince = new Date(Date.UTC(cm === 1 ? cy - 1 : cy, cm === 1 ? 11 : cm - 2, 1, 12, 0));
    for (const branch of branches.slice(0, 3)) {
      for (let i = 0; i < 4; i++) {
        const { classroom, schedules } = classroomsByBranch.get(branch.id)![i % 3];
        const course = courses[(i + classes.length) % 5];
        // Two weekly slots each, so that every branch has lessons every day from Monday to
        // Saturday ('Aulas de Hoje' is never empty on a weekday): the classes sharing a
        // classroom (the first and the fourth) never share a slot.
        const [days, start] = CLASS_SLOTS[i];
        const [first, second] = days.map((day) => schedules.find((s) => s.dayOfWeek === day && s.startTime === start)!);
        number++;
        const cls = await SchoolClass.create(
          {
            classNumber: number,
            courseId: course.id,
            responsibleId: teachers[2 + (i % 3)].id,
            branchId: branch.id,
            classroomId: classroom.id,
            active: i !== 3 || branch !== branches[2],
            createdAt: classesSince,
            updatedAt: classesSince,
          },
          t,
        );
        await ClassScheduleLink.create({ classId: cls.id, scheduleId: first.id }, t);
        await ClassScheduleLink.create({ classId: cls.id, scheduleId: second.id }, t);
        classes.push(cls);
      }
    }
    await Counter.create({ name: "classNumber", value: number }, t);
    counts["turmas"] = classes.length;

    let persons = 0;
    const guardians: Array<{ id: string; last: string }> = [];
    for (let g = 0; g < 36; g++) {
      const last = pick(LAST);
      const primaryName = `${g % 4 === 0 ? pick(MALE) : pick(FIRST)} ${last} ${pick(LAST)}`;
      const email = `${primaryName
        .split(" ")[0]
        .normalize("NFD")
        .replace(/[^a-zA-Z]/g, "")
        .toLowerCase()}.${g + 1}@exemplo.com.br`;
      const cpf = cpfFrom(g + 1);
      // The demo's Client account is the account of the second family (two children): it signs in to 'Minha família'.
      const user =
        g === 1 ? accounts[2] : await User.create({ name: primaryName, email, userType: "Client", passwordHash: unusable, cpf }, t);
      const guardian = await Guardian.create({ userId: user.id, address: `${pick(STREETS)}, ${100 + g * 7} - São Paulo - SP` }, t);
      guardians.push({ id: guardian.id, last });
      await GuardianPerson.create(
        {
          guardianId: guardian.id,
          fullName: primaryName,
          cpf,
          email,
          birthDate: ymd(1975 + (g % 20), 1 + (g % 12), 1 + (g % 27)),
          phone: `119${String(80000000 + g * 1371).slice(0, 8)}`,
          isPrimary: true,
        },
        t,
      );
      persons++;
      const extra = g % 3;
      for (let p = 0; p < extra; p++) {
        const child = `${pick(FIRST)} ${last}`;
        await GuardianPerson.create(
          {
            guardianId: guardian.id,
            fullName: child,
            cpf: cpfFrom(1000 + g * 3 + p),
            email: `${email.split("@")[0]}.${p + 1}@exemplo.com.br`,
            birthDate: ymd(2012 + (p % 8), 1 + ((g + p) % 12), 1 + ((g * 3) % 27)),
            phone: `119${String(70000000 + g * 911 + p).slice(0, 8)}`,
            isPrimary: false,
          },
          t,
        );
        persons++;
      }
    }
    counts["responsáveis"] = 36;
    counts["pessoas"] = persons;

    const { y, m } = todayParts();
    const now = today();
    let trials = 0;
    // Last month and this month, then the next four weeks (fewer): trials in the past and from today on.
    const inMonth = (year: number, month: number) => () => {
      const day = 1 + Math.floor(rand() * new Date(Date.UTC(year, month, 0)).getUTCDate());
      return { day: ymd(year, month, day), created: ymd(year, month, Math.max(1, day - 5)), first: day === 1 };
    };
    const ahead = () => {
      const day = addDays(now, Math.floor(rand() * 28));
      return { day, created: addDays(day, -5), first: false };
    };
    for (const [count, draw] of [
      [32, m === 1 ? inMonth(y - 1, 12) : inMonth(y, m - 1)],
      [32, inMonth(y, m)],
      [16, ahead],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const drawnDay = draw();
        // Never on a Sunday: the Saturday before (the Monday after for the 1st or a day still to come).
        const date = notSunday(drawnDay.day, drawnDay.first || drawnDay.day >= now ? 1 : -1);
        const cls = pick(classes.filter((c) => c.active));
        const drawn = pick(STATUSES);
        // A trial still to come has not happened yet: it is scheduled or rescheduled.
        const status = date < now || drawn === "Agendado" || drawn === "Reagendado" ? drawn : trials % 2 ? "Agendado" : "Reagendado";
        const created = openInstant(Date.parse(`${drawnDay.created}T13:00:00Z`) + Math.floor(rand() * 59) * 60_000);
        const guardian = `${pick(FIRST)} ${pick(LAST)}`;
        const trial = await Trial.create(
          {
            guardianName: guardian,
            studentName: `${pick(FIRST)} ${guardian.split(" ")[1]}`,
            classId: cls.id,
            whatsappNumber: `119${String(60000000 + Math.floor(rand() * 39999999)).slice(0, 8)}`,
            scheduledDate: date,
            scheduledTime: pick(["08:00", "09:00", "14:00", "18:00", "19:00"]),
            status,
            origin: pick(ORIGINS),
            ownerId: trials % 3 === 2 ? accounts[0].id : accounts[1].id,
            createdAt: created,
            updatedAt: created,
          },
          { ...t, silent: true },
        );
        // History: Agendado at creation, then a path to the current status.
        const path =
          status === "Agendado"
            ? ["Agendado"]
            : status === "Reagendado"
              ? ["Agendado", "Reagendado"]
              : status === "Quer Matricular"
                ? ["Agendado", "Compareceu", "Quer Matricular"]
                : ["Agendado", status];
        let at = created.getTime();
        for (const s of path) {
          const changedAt = openInstant(at);
          at = Math.max(at, changedAt.getTime());
          await TrialStatusHistory.create({ trialId: trial.id, status: s, changedAt }, t);
          at += (1 + Math.floor(rand() * 72)) * 3600_000 + Math.floor(rand() * 59) * 60_000;
        }
        trials++;
      }
    }
    counts["experimentais"] = trials;

    await seedStudentsAndEnrollments({ transaction, guardians, classes, counts, today: todayParts() });
    await seedAttendance({ transaction, classes, counts, today: todayParts() });
    await seedFunnel({ transaction, counts });

    // Money: every branch's settings (the default one with a Pix key) and three months of charges, some paid, some late.
    await seedBillingSettings(
      [...branches].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)).map((b) => b.id),
      transaction,
    );
    const thisMonth = today().slice(0, 7);
    const money = await seedCharges(sequelize, {
      months: [shiftMonth(thisMonth, -2), shiftMonth(thisMonth, -1), thisMonth],
      today: today(),
      lateShare: 0.2,
      hooks: true,
      transaction,
    });
    counts["mensalidades"] = money.charges;
    counts["pagamentos"] = money.payments;
  });

  return { created: true, counts, accounts: DEMO_ACCOUNTS };
}

const CANCEL_REASONS = ["Mudança de horário", "Mudou de cidade", "Questões financeiras", "Trocou de modalidade"];

/**
 * Students (one or two per family) and their enrolments: most active classes
 * get some students on their branch's offers, the first class of the default
 * branch is full with three on its waiting list, a few enrolments are
 * cancelled, and one 'Quer Matricular' trial has become an enrolment. Its own
 * random sequence, so the rows seeded before it stay as they were.
 */
async function seedStudentsAndEnrollments({
  transaction,
  guardians,
  classes,
  counts,
  today,
}: {
  transaction: Transaction;
  guardians: Array<{ id: string; last: string }>;
  classes: SchoolClass[];
  counts: Record<string, number>;
  today: { y: number; m: number; d: number };
}) {
  const t = { transaction };
  const rand = rng(20261125);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const students: Student[] = [];
  for (const [g, guardian] of guardians.entries()) {
    for (let k = 0; k < 1 + (g % 2); k++) {
      const birth = ymd(2010 + ((g + k * 3) % 12), 1 + ((g * 5 + k) % 12), 1 + ((g * 7 + k) % 28));
      students.push(
        await Student.create(
          {
            guardianId: guardian.id,
            fullName: `${pick(FIRST)} ${guardian.last}`,
            birthDate: birth,
            notes: g % 9 === 0 ? "Alergia a amendoim" : null,
            active: true,
          },
          t,
        ),
      );
    }
  }
  counts["alunos"] = students.length;

  const classrooms = new Map((await Classroom.findAll(t)).map((c) => [c.id, c.capacity]));
  const offersByBranch = new Map<string, Offer[]>();
  for (const offer of await Offer.findAll({ ...t, order: [["name", "ASC"]] }))
    offersByBranch.set(offer.branchId, [...(offersByBranch.get(offer.branchId) ?? []), offer]);
  const start = notSunday(today.m === 1 ? ymd(today.y - 1, 12, 1) : ymd(today.y, today.m - 1, 1));
  const rows: Array<Record<string, unknown>> = [];
  const active = classes.filter((c) => c.active);
  let next = 0;
  const take = () => students[next++ % students.length];
  for (const [i, cls] of active.entries()) {
    if (i === active.length - 1) continue; // one class without students yet
    const offers = offersByBranch.get(cls.branchId) ?? [];
    const capacity = classrooms.get(cls.classroomId) ?? 0;
    // The first class is full with a waiting list; the others hold a few students.
    const seated = i === 0 ? capacity : 3 + Math.floor(rand() * 6);
    const waiting = i === 0 ? 3 : 0;
    const seen = new Set<string>();
    const student = () => {
      let s = take();
      while (seen.has(s.id)) s = take();
      seen.add(s.id);
      return s;
    };
    for (let k = 0; k < seated; k++) {
      rows.push({
        studentId: student().id,
        classId: cls.id,
        offerId: pick(offers).id,
        startDate: start,
        status: "Ativa",
        waitlistPosition: null,
      });
    }
    for (let k = 0; k < waiting; k++) {
      rows.push({
        studentId: student().id,
        classId: cls.id,
        offerId: pick(offers).id,
        startDate: start,
        status: "Em espera",
        waitlistPosition: k + 1,
      });
    }
    if (i % 3 === 1) {
      const cancelledAt = openInstant(Date.UTC(today.y, today.m - 1, 1, 15, 0));
      rows.push({
        studentId: student().id,
        classId: cls.id,
        offerId: pick(offers).id,
        startDate: start,
        status: "Cancelada",
        waitlistPosition: null,
        cancelledAt,
        cancelReason: pick(CANCEL_REASONS),
      });
    }
  }
  await Enrollment.bulkCreate(rows, t);

  // A trial that became an enrolment: a new student of an existing family, in the trial's class (not the full one).
  const open = new Set(active.slice(1).map((c) => c.id));
  const candidates = await Trial.findAll({
    ...t,
    where: { status: "Quer Matricular" },
    order: [
      ["scheduledDate", "ASC"],
      ["id", "ASC"],
    ],
  });
  const trial = candidates.find((c) => open.has(c.classId));
  const cls = trial && classes.find((c) => c.id === trial.classId);
  let fromTrial = 0;
  if (trial && cls) {
    const student = await Student.create(
      { guardianId: guardians[0].id, fullName: trial.studentName, birthDate: null, notes: null, active: true },
      t,
    );
    const enrollment = await Enrollment.create(
      {
        studentId: student.id,
        classId: cls.id,
        offerId: (offersByBranch.get(cls.branchId) ?? [])[0].id,
        startDate: trial.scheduledDate,
        status: "Ativa",
        trialId: trial.id,
      },
      t,
    );
    await trial.update({ enrollmentId: enrollment.id, outcome: "Matriculado", closedAt: openInstant(Date.now()) }, t);
    counts["alunos"]++;
    fromTrial = 1;
  }
  counts["matrículas"] = rows.length + fromTrial;
}

/**
 * The funnel's end (issue 29), without the random sequence: every other trial
 * that did not come and one in three of those that came are lost, the reasons
 * in turn (each lost change in the trial's history); each trial that wants to
 * enrol and is not enrolled has a follow-up task of its owner, due yesterday,
 * today, tomorrow or the day after, in turn, and the first one also a task done.
 */
/** The lost reasons of app/domain/trials/constants.ts (the seed reads no domain module but the calendar). */
const LOST_REASONS = ["Preço", "Horário", "Distância", "Não gostou da aula", "Sem resposta", "Escolheu outra escola", "Outro"];

async function seedFunnel({ transaction, counts }: { transaction: Transaction; counts: Record<string, number> }) {
  const t = { transaction };
  const order: Array<[string, "ASC"]> = [
    ["scheduledDate", "ASC"],
    ["id", "ASC"],
  ];
  const now = openInstant(Date.now());
  let lost = 0;
  for (const [status, every] of [
    ["Não Compareceu", 2],
    ["Compareceu", 3],
  ] as const) {
    const trials = await Trial.findAll({ ...t, where: { status, enrollmentId: null }, order });
    for (const [i, trial] of trials.entries()) {
      if (i % every !== 0) continue;
      const lostReason = LOST_REASONS[lost % LOST_REASONS.length];
      await trial.update(
        { outcome: "Perdido", lostReason, lostNote: lost % 4 === 0 ? "Retornar no próximo semestre" : null, closedAt: now },
        t,
      );
      await TrialStatusHistory.create({ trialId: trial.id, status, outcome: "Perdido", lostReason, changedAt: now }, t);
      lost++;
    }
  }
  counts["experimentais perdidos"] = lost;

  const day = today();
  const wanting = await Trial.findAll({ ...t, where: { status: "Quer Matricular", enrollmentId: null }, order });
  let tasks = 0;
  for (const [i, trial] of wanting.entries()) {
    const note = ["Ligar para confirmar a turma", "Enviar valores por WhatsApp", "Retornar após o horário de trabalho", null][i % 4];
    const offset = (i % 4) - 1;
    const dueAt = notSunday(addDays(day, offset), offset < 0 ? -1 : 1);
    await Task.create({ trialId: trial.id, ownerId: trial.ownerId, dueAt, note, doneAt: null }, t);
    tasks++;
    if (i === 0) {
      await Task.create(
        { trialId: trial.id, ownerId: trial.ownerId, dueAt: notSunday(addDays(day, -3), -1), note: "Primeiro contato", doneAt: now },
        t,
      );
      tasks++;
    }
  }
  counts["tarefas"] = tasks;
}

/**
 * Roll calls of the past four weeks for the classes with students (mostly
 * 'Presente', some absences; every pupil present at the latest session), one
 * pupil absent from the last three sessions of their class (the dashboard's
 * 'Alunos em risco'), and that pupil's last absence made up in a class of the
 * same course, in a session from today on. Its own random sequence.
 */
async function seedAttendance({
  transaction,
  classes,
  counts,
  today,
}: {
  transaction: Transaction;
  classes: SchoolClass[];
  counts: Record<string, number>;
  today: { y: number; m: number; d: number };
}) {
  const t = { transaction };
  const rand = rng(20261126);
  const now = ymd(today.y, today.m, today.d);
  const schedules = new Map((await ClassroomSchedule.findAll(t)).map((s) => [s.id, s]));
  const links = await ClassScheduleLink.findAll(t);
  const schedulesOf = (classId: string) =>
    links
      .filter((l) => l.classId === classId)
      .map((l) => schedules.get(l.scheduleId)!)
      .map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }));
  const enrollments = (
    await Enrollment.findAll({
      ...t,
      order: [
        ["createdAt", "ASC"],
        ["id", "ASC"],
      ],
    })
  ).filter((e) => e.status !== "Em espera");
  const activeOn = (e: Enrollment, date: string) =>
    e.startDate <= date && (e.status === "Ativa" || (e.cancelledAt !== null && dateInTimeZone(new Date(e.cancelledAt)) > date));

  const rows: Array<Record<string, unknown>> = [];
  const withStudents = classes.filter((c) => c.active && enrollments.some((e) => e.classId === c.id));
  // The at-risk pupil: the first active enrolment of the second class with students.
  const riskClass = withStudents[1];
  const risky = enrollments.find((e) => e.classId === riskClass?.id && e.status === "Ativa");
  let riskyAbsence: { id: string; date: string } | null = null;
  for (const cls of withStudents) {
    const own = schedulesOf(cls.id);
    const sessions = sessionsBetween(own, firstSessionDate(cls.createdAt), addDays(now, -28), addDays(now, -1));
    for (const [k, session] of sessions.entries()) {
      const fromEnd = sessions.length - 1 - k;
      for (const e of enrollments) {
        if (e.classId !== cls.id || !activeOn(e, session.date)) continue;
        let status: string;
        if (e === risky) status = fromEnd < 3 ? (fromEnd === 1 ? "Falta justificada" : "Falta") : "Presente";
        else if (fromEnd === 0) status = "Presente";
        else {
          const r = rand();
          status = r < 0.85 ? "Presente" : r < 0.95 ? "Falta" : "Falta justificada";
        }
        const id = crypto.randomUUID();
        const at = new Date(`${session.date}T${session.endTime}:00-03:00`);
        rows.push({
          id,
          enrollmentId: e.id,
          makeupId: null,
          classId: cls.id,
          scheduleId: session.scheduleId,
          date: session.date,
          status,
          note: status === "Falta justificada" ? "Atestado médico" : null,
          takenById: cls.responsibleId,
          createdAt: at,
          updatedAt: at,
        });
        if (e === risky && fromEnd === 0) riskyAbsence = { id, date: session.date };
      }
    }
  }
  await AttendanceRecord.bulkCreate(rows, t);
  counts["presenças"] = rows.length;

  // The at-risk pupil's last absence, made up in another class of the same course (any branch) with room.
  let makeups = 0;
  const absence = riskyAbsence as { id: string; date: string } | null;
  if (riskClass && absence) {
    const target = classes.find((c) => c.active && c.id !== riskClass.id && c.courseId === riskClass.courseId);
    if (target) {
      const from = addDays(absence.date, 1) > now ? addDays(absence.date, 1) : now;
      const [session] = sessionsBetween(schedulesOf(target.id), firstSessionDate(target.createdAt), from, addDays(absence.date, 30));
      if (session) {
        await Makeup.create(
          { absenceId: absence.id, classId: target.id, scheduleId: session.scheduleId, date: session.date, status: "Agendada" },
          t,
        );
        makeups++;
      }
    }
  }
  counts["reposições"] = makeups;
}
