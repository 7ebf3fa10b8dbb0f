// A bare node:http server answering, as JSON, the same rows as the app: the baseline
// that shows the framework's overhead as a ratio (scripts/bench.ts).
// - Two JSON lists (`/api/courses`, `/api/branches`) straight from the database, with no
//   session (compared by requests/s).
// - Every screen the bench loads (`/`, `/trials`, `/classes`, `/charges`, …): the session
//   lookup of the app (the signed cookie, the session row), the shell's branch selection,
//   then the same domain reads the screen's loader calls (app/domain/**/queries*), written
//   as JSON. No React, no router, no HTML: the app's CPU per request over this one is what
//   the framework and the markup cost (compared by CPU per request).
// Run by the bench (forked with `--import tsx`, DATABASE_URL, PORT and the server's
// SESSION_SECRET); it sends "ready" when it listens.
import http from "node:http";
import { openDatabase } from "../db/connection.ts";
import { db } from "../app/platform/db.server.ts";
import { actorOf, lookUpSession } from "../app/server/session.server.ts";
import { readSelectedBranchId } from "../app/server/preferences.server.ts";
import { isAdmin, isStaff, type Actor } from "../app/domain/access/roles.ts";
import { listActiveBranchOptions } from "../app/domain/branches/queries.server.ts";
import { resolveSelectedBranch } from "../app/domain/branches/selection.server.ts";
import { monthOrCurrent, today } from "../app/domain/calendar/dates.ts";
import { atRiskStudents, getRollCall, todaySessions } from "../app/domain/attendance/queries.server.ts";
import { billingSummary, chargePage, overdueFamilyPage } from "../app/domain/charges/queries.server.ts";
import { CHARGE_FILTER_STATUSES } from "../app/domain/charges/schema.ts";
import { STAFF_TYPES, getClass, listClasses } from "../app/domain/classes/queries.server.ts";
import { listCourses } from "../app/domain/courses/queries.server.ts";
import { listBranches } from "../app/domain/branches/queries.server.ts";
import { classOccupancy, getClassEnrollments, listStudentsPage, promotionNotices } from "../app/domain/enrollments/queries.server.ts";
import { listGuardians } from "../app/domain/guardians/queries.server.ts";
import { listOffers } from "../app/domain/offers/queries.server.ts";
import { attendanceReport, financeReport, funnelReport, studentsReport, type ReportFilter } from "../app/domain/reports/queries.server.ts";
import { countStudentsByGuardian } from "../app/domain/students/queries.server.ts";
import { countOverdueTasks } from "../app/domain/tasks/queries.server.ts";
import { dayTrials, getTrialCalendar, getTrialDays, getTrialKpis } from "../app/domain/trials/queries.server.ts";
import { listUserOptions, listUsersPage } from "../app/domain/users/queries.server.ts";
import { isCalendarDate } from "../app/domain/patterns.ts";
import { calendarPlace, placeMonth, weekDates } from "../app/routes/trials/+shared/calendar-screen.ts";
import { reportFilter } from "../app/routes/reports/+shared/report-csv.server.ts";

const sequelize = openDatabase(process.env.DATABASE_URL!);
const queries: Record<string, string> = {
  "/api/courses": 'SELECT id, name, active, "createdAt", "updatedAt" FROM courses ORDER BY name',
  "/api/branches": 'SELECT id, name, address, active, "isDefault", "createdAt", "updatedAt" FROM branches ORDER BY name',
};

// The limits and page sizes of the screens' loaders (app/routes/…), as they read them.
const DAY_TRIALS_LIMIT = 10; // dashboard.tsx
const MONTH_LIMIT = 2; // trials/trials.tsx
const WEEK_LIMIT = 8;
const AGENDA_LIMIT = 20;
const CHARGES_PAGE_SIZE = 50; // charges/charges.tsx, charges/overdue.tsx

/** What a screen's reads get: the signed-in actor, its branch selection and the URL's parameters. */
interface Reading {
  actor: Actor;
  branchId: string | null;
  search: URLSearchParams;
  match: RegExpExecArray;
}

const page = (search: URLSearchParams) => Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);

async function report(r: Reading, read: (actor: Actor, filter: ReportFilter) => Promise<unknown>) {
  const given = reportFilter(r.search);
  const branchId = r.search.has("branchId") ? (given.branchId ?? "") : (r.branchId ?? "");
  return read(r.actor, { ...given, branchId });
}

/** Each screen's reads, in its loader's order (the first matching pattern answers). */
const screens: Array<[RegExp, (r: Reading) => Promise<unknown>]> = [
  [
    /^\/$/,
    ({ actor, branchId }) => {
      const date = today();
      return Promise.all([
        branchId ? todaySessions(actor, { branchId, date }) : [],
        dayTrials(actor, { date, branchId, limit: DAY_TRIALS_LIMIT }),
        branchId ? atRiskStudents(actor, { branchId }) : [],
        countOverdueTasks(actor.id),
        isAdmin(actor) ? billingSummary(actor, { branchId }) : null,
      ]);
    },
  ],
  [
    /^\/trials$/,
    async ({ actor, search }) => {
      const place = calendarPlace(search, today());
      const month = placeMonth(place);
      const open = place.open === true;
      const view =
        place.view === "month"
          ? getTrialCalendar(actor, month, MONTH_LIMIT, open)
          : place.view === "day"
            ? getTrialKpis(actor, month, open)
            : (() => {
                const week = weekDates(place.date).filter(isCalendarDate);
                return Promise.all([
                  getTrialDays(actor, week[0], week[week.length - 1], WEEK_LIMIT, open),
                  getTrialKpis(actor, month, open),
                ]);
              })();
      return Promise.all([view, getTrialDays(actor, place.date, place.date, place.view === "day" ? null : AGENDA_LIMIT, open)]);
    },
  ],
  [
    /^\/classes$/,
    async ({ actor, branchId }) => {
      const classes = await listClasses(actor, { branchId });
      return [classes, Object.fromEntries(await classOccupancy(classes.map((c) => c.id)))];
    },
  ],
  [
    /^\/classes\/([^/]+)\/students$/,
    async ({ actor, match }) => {
      const [cls, roster] = await Promise.all([getClass(actor, match[1]), getClassEnrollments(actor, match[1])]);
      return [cls, roster, Object.fromEntries(await promotionNotices(roster.enrollments))];
    },
  ],
  [
    /^\/classes\/([^/]+)\/attendance$/,
    ({ actor, match, search }) =>
      getRollCall(actor, match[1], { date: search.get("date") ?? "", scheduleId: search.get("scheduleId") ?? "" }),
  ],
  [
    /^\/today$/,
    ({ actor, branchId, search }) =>
      branchId ? todaySessions(actor, { branchId, date: search.get("date") || today() }) : Promise.resolve([]),
  ],
  [
    /^\/guardians$/,
    async ({ actor, search }) => {
      const result = await listGuardians(actor, { q: (search.get("q") ?? "").slice(0, 100), page: page(search) });
      return [result, Object.fromEntries(await countStudentsByGuardian(result.guardians.map((g) => g.id)))];
    },
  ],
  [
    /^\/students$/,
    ({ actor, search }) => {
      const raw = search.get("status");
      const status = raw === "active" || raw === "inactive" ? raw : null;
      return listStudentsPage(actor, { q: (search.get("q") ?? "").trim().slice(0, 100), status, page: page(search) });
    },
  ],
  [
    /^\/charges$/,
    ({ actor, branchId, search }) => {
      const status = search.get("status") ?? "";
      const filter = {
        month: monthOrCurrent(search.get("month")),
        status: (CHARGE_FILTER_STATUSES as readonly string[]).includes(status) ? status : "",
        q: search.get("q") ?? "",
      };
      const offset = (Math.max(1, Number(search.get("page")) || 1) - 1) * CHARGES_PAGE_SIZE;
      return chargePage(actor, { ...filter, branchId }, { offset, limit: CHARGES_PAGE_SIZE, openFirst: true });
    },
  ],
  [
    /^\/billing\/overdue$/,
    ({ actor, branchId, search }) =>
      overdueFamilyPage(actor, { branchId }, { offset: (page(search) - 1) * CHARGES_PAGE_SIZE, limit: CHARGES_PAGE_SIZE }),
  ],
  [
    /^\/users$/,
    ({ actor, search }) => listUsersPage(actor, { q: (search.get("q") ?? "").trim().slice(0, 100), page: Number(search.get("page")) || 1 }),
  ],
  [/^\/offers$/, ({ actor }) => listOffers(actor)],
  [/^\/branches$/, ({ actor }) => listBranches(actor)],
  [/^\/courses$/, ({ actor }) => listCourses(actor)],
  [/^\/reports\/funnel$/, (r) => Promise.all([report(r, funnelReport), listUserOptions(STAFF_TYPES)])],
  [/^\/reports\/students$/, (r) => report(r, studentsReport)],
  [/^\/reports\/attendance$/, (r) => report(r, attendanceReport)],
  [/^\/reports\/finance$/, (r) => report(r, financeReport)],
];

function send(res: http.ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

async function answerScreen(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const found = screens.map(([pattern, read]) => [pattern.exec(url.pathname), read] as const).find(([match]) => match);
  if (!found) return false;
  const head = { url: url.href, headers: { get: (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null } };
  const session = await lookUpSession(head);
  if (!session || !isStaff(session.user)) {
    send(res, 401, { message: "Não autenticado" });
    return true;
  }
  // The shell's reads: the active branches and the one selected by the cookie.
  const [options, stored] = await Promise.all([listActiveBranchOptions(), readSelectedBranchId(head as unknown as Request)]);
  const { id: branchId } = resolveSelectedBranch(stored, options);
  const rows = await found[1]({ actor: actorOf(session.user), branchId, search: url.searchParams, match: found[0]! });
  send(res, 200, { user: session.user, branches: options, branchId, rows });
  return true;
}

const server = http.createServer(async (req, res) => {
  try {
    const sql = queries[req.url ?? ""];
    if (sql) {
      const [rows] = await sequelize.query(sql);
      send(res, 200, rows);
      return;
    }
    if (!(await answerScreen(req, res))) res.writeHead(404).end();
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end();
  }
});
// The domain's connection (the app's own door: its caches, its models) is opened before the first request.
await db();
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => server.close(() => sequelize.close().then(() => process.exit(0))));
