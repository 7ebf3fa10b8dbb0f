import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ApiClient, signIn } from "../support/http";
import { count, testDb } from "../support/db";
import { makeBranch, makeClass, makeClassroom } from "../support/factories";

/**
 * 50 administrators write at the same time, 20 sequential writes each, of five
 * kinds (course, classroom slot in their own classroom, trial with its history
 * entry, trial status change, class with its server-assigned number), on
 * whichever database the run uses (API_TEST_DB). Every write must answer 2xx and
 * land exactly once; class numbers must come out distinct and consecutive.
 */
const WRITERS = 50;
const WRITES_EACH = 20;
const KINDS = 5;
const PER_KIND = (WRITERS * WRITES_EACH) / KINDS;
const DAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];

const run = randomUUID().slice(0, 8);
let writers: ApiClient[];
let classrooms: string[];
let shared: Awaited<ReturnType<typeof makeClass>>;

beforeAll(async () => {
  // Sign-ins hash passwords: a few at a time on a small machine.
  writers = [];
  for (let i = 0; i < WRITERS; i += 10) {
    writers.push(...(await Promise.all(Array.from({ length: Math.min(10, WRITERS - i) }, () => signIn("Administrator")))));
  }
  const branch = await makeBranch();
  classrooms = [];
  for (let i = 0; i < WRITERS; i++) classrooms.push((await makeClassroom(branch.id, { name: `Sala ${run} ${i}` })).id);
  shared = await makeClass({ schedules: [{ dayOfWeek: "Sábado", startTime: "07:00", endTime: "08:00" }] });
}, 120_000);

interface Outcome {
  writer: number;
  step: number;
  status: number;
  body: unknown;
}

async function writer(index: number): Promise<{ outcomes: Outcome[]; classNumbers: number[] }> {
  const api = writers[index];
  const outcomes: Outcome[] = [];
  const classNumbers: number[] = [];
  let lastTrial = "";
  for (let step = 0; step < WRITES_EACH; step++) {
    const round = Math.floor(step / KINDS);
    let res;
    switch (step % KINDS) {
      case 0:
        res = await api.post("/api/courses", { name: `Curso ${run} ${index}-${step}` });
        break;
      case 1:
        // Its own classroom, a different day each round: never an overlap.
        res = await api.post("/api/classroom-schedules", {
          classroomId: classrooms[index],
          dayOfWeek: DAYS[round],
          startTime: "08:00",
          endTime: "09:00",
        });
        break;
      case 2:
        res = await api.post("/api/trials", {
          guardianName: "Responsável",
          studentName: `Aluna ${run} ${index}-${step}`,
          classId: shared.cls.id,
          whatsappNumber: "11987654321",
          scheduledDate: "2026-11-21",
          scheduledTime: "07:00",
        });
        if (res.status === 201) lastTrial = res.body.id;
        break;
      case 3:
        res = await api.patch(`/api/trials/${lastTrial}`, { status: "Compareceu" });
        break;
      default:
        res = await api.post("/api/classes", {
          courseId: shared.courseId,
          responsibleId: shared.responsibleId,
          branchId: shared.branchId,
          classroomId: shared.classroomId,
          scheduleIds: shared.schedules.map((s) => s.id),
        });
        if (res.status === 201) classNumbers.push(res.body.classNumber);
    }
    outcomes.push({ writer: index, step, status: res.status, body: res.body });
  }
  return { outcomes, classNumbers };
}

describe(`${WRITERS} concurrent writers × ${WRITES_EACH} writes (${inject("dialect")})`, () => {
  it("every write answers 2xx and lands exactly once; class numbers are distinct and gap-free", async () => {
    const results = await Promise.all(writers.map((_, i) => writer(i)));
    const outcomes = results.flatMap((r) => r.outcomes);

    expect(outcomes).toHaveLength(WRITERS * WRITES_EACH);
    expect(outcomes.filter((o) => o.status < 200 || o.status >= 300)).toEqual([]);

    expect(await count("courses", "name LIKE :p", { p: `Curso ${run} %` })).toBe(PER_KIND);
    const ownSlots = await count("classroom_schedules", `"classroomId" IN (:ids)`, { ids: classrooms });
    expect(ownSlots).toBe(PER_KIND);
    expect(await count("trials", `"studentName" LIKE :p`, { p: `Aluna ${run} %` })).toBe(PER_KIND);
    expect(await count("trials", `"studentName" LIKE :p AND status = 'Compareceu'`, { p: `Aluna ${run} %` })).toBe(PER_KIND);
    // One 'Agendado' on create and one 'Compareceu' on the change, per trial: no lost or doubled history.
    const [history] = await testDb().query(
      `SELECT h.status AS status, COUNT(*) AS n FROM trial_status_history h JOIN trials t ON t.id = h."trialId"
       WHERE t."studentName" LIKE :p GROUP BY h.status ORDER BY h.status`,
      { replacements: { p: `Aluna ${run} %` } },
    );
    expect((history as Array<{ status: string; n: number | string }>).map((h) => [h.status, Number(h.n)])).toEqual([
      ["Agendado", PER_KIND],
      ["Compareceu", PER_KIND],
    ]);

    const numbers = results.flatMap((r) => r.classNumbers).sort((a, b) => a - b);
    expect(numbers).toHaveLength(PER_KIND);
    expect(new Set(numbers).size).toBe(PER_KIND);
    expect(numbers[numbers.length - 1] - numbers[0]).toBe(PER_KIND - 1);
    expect(await count("classes", `"classNumber" BETWEEN :lo AND :hi`, { lo: numbers[0], hi: numbers[numbers.length - 1] })).toBe(PER_KIND);
    // Each class got its schedule link in the same transaction.
    expect(
      await count("class_schedules", `"classId" IN (SELECT id FROM classes WHERE "classNumber" BETWEEN :lo AND :hi)`, {
        lo: numbers[0],
        hi: numbers[numbers.length - 1],
      }),
    ).toBe(PER_KIND);

    expect((await fetch(`${writers[0].baseUrl}/healthz`)).status).toBe(200);
  }, 240_000);
});
