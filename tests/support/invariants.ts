import type { Sequelize } from "sequelize";
import { today } from "../../app/domain/calendar/dates";

/**
 * What must hold in the school's data whatever a test file did through the
 * server (checked after each API test file, against the run's database):
 * (i) no session from today on holds more pupils than its class's classroom
 * seats: the make-ups booked into it ('Agendada', 'Realizada') plus the
 * enrolments 'Ativa' on its date, and the 'Ativa' enrolments of a class
 * together (they all meet in its later sessions); past sessions are history,
 * counted against the capacity of their day, not checked here;
 * (ii) every 'Realizada' or 'Não compareceu' make-up has its roll-call record;
 * (iii) each class's waiting list is numbered 1…n without gaps or repeats.
 * Four queries; each answers only the rows that break a rule.
 */
export async function invariantViolations(db: Sequelize, now = today()): Promise<string[]> {
  const select = async <T>(sql: string, replacements: Record<string, unknown> = {}) => (await db.query(sql, { replacements }))[0] as T[];
  const found: string[] = [];

  const sessions = await select<{
    classId: string;
    scheduleId: string;
    date: string;
    held: number | string;
    enrolled: number | string;
    capacity: number | string;
  }>(
    `SELECT * FROM (
       SELECT "m"."classId", "m"."scheduleId", CAST("m"."date" AS TEXT) AS "date", COUNT(*) AS "held", "r"."capacity",
         (SELECT COUNT(*) FROM "enrollments" AS "e"
          WHERE "e"."classId" = "m"."classId" AND "e"."status" = 'Ativa' AND "e"."startDate" <= "m"."date") AS "enrolled"
       FROM "makeups" AS "m"
       JOIN "classes" AS "c" ON "c"."id" = "m"."classId"
       JOIN "classrooms" AS "r" ON "r"."id" = "c"."classroomId"
       WHERE "m"."status" IN ('Agendada', 'Realizada') AND "m"."date" >= :now
       GROUP BY "m"."classId", "m"."scheduleId", "m"."date", "r"."capacity"
     ) AS "s" WHERE "s"."held" + "s"."enrolled" > "s"."capacity"`,
    { now },
  );
  for (const s of sessions) {
    found.push(
      `(i) the session of class ${s.classId} on ${s.date} (schedule ${s.scheduleId}) holds ${Number(s.enrolled)} enrolments + ${Number(s.held)} make-ups, capacity ${Number(s.capacity)}`,
    );
  }

  const classes = await select<{ id: string; active: number | string; capacity: number | string }>(
    `SELECT "c"."id", COUNT(*) AS "active", "r"."capacity"
     FROM "classes" AS "c"
     JOIN "classrooms" AS "r" ON "r"."id" = "c"."classroomId"
     JOIN "enrollments" AS "e" ON "e"."classId" = "c"."id" AND "e"."status" = 'Ativa'
     GROUP BY "c"."id", "r"."capacity"
     HAVING COUNT(*) > "r"."capacity"`,
  );
  for (const c of classes) found.push(`(i) class ${c.id} has ${Number(c.active)} active enrolments, capacity ${Number(c.capacity)}`);

  const unrecorded = await select<{ id: string; status: string }>(
    `SELECT "m"."id", "m"."status" FROM "makeups" AS "m"
     WHERE "m"."status" IN ('Realizada', 'Não compareceu')
       AND NOT EXISTS (SELECT 1 FROM "attendance_records" AS "a" WHERE "a"."makeupId" = "m"."id")`,
  );
  for (const m of unrecorded) found.push(`(ii) make-up ${m.id} is '${m.status}' without its roll-call record`);

  const waitlists = await select<{ classId: string; n: number | string }>(
    `SELECT "e"."classId", COUNT(*) AS "n", MIN("e"."waitlistPosition") AS "low", MAX("e"."waitlistPosition") AS "high"
     FROM "enrollments" AS "e" WHERE "e"."status" = 'Em espera'
     GROUP BY "e"."classId"
     HAVING MIN("e"."waitlistPosition") <> 1 OR MAX("e"."waitlistPosition") <> COUNT(*)
       OR COUNT(DISTINCT "e"."waitlistPosition") <> COUNT(*)`,
  );
  for (const w of waitlists)
    found.push(`(iii) the waiting list of class ${w.classId} (${Number(w.n)} waiting) is not numbered 1…${Number(w.n)}`);

  return found;
}
