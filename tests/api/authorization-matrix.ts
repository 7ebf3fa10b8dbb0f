/**
 * THE authorization matrix: for every route of app/routes.ts and every method
 * it answers, the status each kind of caller gets. `authorization-matrix.test.ts`
 * fails when a route (path + method) has no row here, when a row names a route
 * that no longer exists, and when the server answers anything else.
 *
 * Permission model (issue 7): Administrator changes all master data (users,
 * offers, branches, classrooms, schedules, courses, classes, guardians,
 * guardian persons, students, enrolments); Team and Administrator also
 * create/change/delete trials and create students and enrolments (issue 16),
 * take roll calls and book, move and cancel make-ups (issue 17);
 * Client only reads, and only its own family (issue 27, app/domain/family/scope.ts):
 * the matrix's Client has no family and its fixtures are others', so an item
 * of a family, another user, a class's roster, roll call or sessions and the
 * day's sessions answer it 404 (`familyRead`, `familyScreen`); lists answer
 * 200 (its family's rows: tests/api/client-scope.test.ts); anonymous gets 401 from the API and a 302 to /auth from
 * screens. Public: /auth, /api/login, /api/register, /healthz,
 * /api/openapi.json, /api-docs (and the harmless /logout, /api/logout and
 * preference cookies). PUT /api/objects/upload/:token is authorised by its
 * signed token, not by the cookie.
 *
 * Allowed writes are sent with a valid body, so "allowed" means the write
 * happened (201/200/204, or a screen's 302 back to its list); denied writes
 * must leave `table` (and the `target` row) exactly as it was.
 */
export type Caller = "anonymous" | "Client" | "Team" | "Administrator";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface MatrixRow {
  path: string;
  method: Method;
  expect: Record<Caller, number>;
  /** No sign-in needed: an anonymous 302 here is not the /auth guard. */
  public?: boolean;
  /** The table a write goes to: unchanged when the caller is refused. */
  table?: string;
  /** The path parameter naming the row of `table` a write targets. */
  target?: string;
}

type Expect = Record<Caller, number>;
const all = (status: number): Expect => ({ anonymous: status, Client: status, Team: status, Administrator: status });

// Screens
const screen: Expect = { anonymous: 302, Client: 200, Team: 200, Administrator: 200 };
const adminDialog: Expect = { anonymous: 302, Client: 403, Team: 403, Administrator: 200 };
const adminFormPost: Expect = { anonymous: 302, Client: 403, Team: 403, Administrator: 302 };
const trialDialog: Expect = { anonymous: 302, Client: 403, Team: 200, Administrator: 200 };
const trialFormPost: Expect = { anonymous: 302, Client: 403, Team: 302, Administrator: 302 };

// What a Client without a family reads of others' families: nothing (404), their dialogs included.
const familyScreen: Expect = { anonymous: 302, Client: 404, Team: 200, Administrator: 200 };
const familyAdminDialog: Expect = { anonymous: 302, Client: 404, Team: 403, Administrator: 200 };
/** The family's own screens' actions and dialogs: nobody here has a family. */
const noFamilyScreen: Expect = { anonymous: 302, Client: 404, Team: 404, Administrator: 404 };
const familyTrialDialog: Expect = { anonymous: 302, Client: 404, Team: 200, Administrator: 200 };

// JSON API
const read: Expect = { anonymous: 401, Client: 200, Team: 200, Administrator: 200 };
const familyRead: Expect = { anonymous: 401, Client: 404, Team: 200, Administrator: 200 };
/** A family's own action: nobody here has a family. */
const noFamily: Expect = { anonymous: 401, Client: 404, Team: 404, Administrator: 404 };
const adminWrite = (ok: number): Expect => ({ anonymous: 401, Client: 403, Team: 403, Administrator: ok });
const trialWrite = (ok: number): Expect => ({ anonymous: 401, Client: 403, Team: ok, Administrator: ok });

/** The list screen, its create dialog, and the edit/delete dialogs of one of its rows. */
function adminScreens(base: string, table: string, item = ":id", target = "id"): MatrixRow[] {
  return [
    { path: base, method: "GET", expect: screen },
    { path: `${base}/new`, method: "GET", expect: adminDialog },
    { path: `${base}/new`, method: "POST", expect: adminFormPost, table },
    { path: `${base}/${item}/edit`, method: "GET", expect: adminDialog },
    { path: `${base}/${item}/edit`, method: "POST", expect: adminFormPost, table, target },
    { path: `${base}/${item}/delete`, method: "GET", expect: adminDialog },
    { path: `${base}/${item}/delete`, method: "POST", expect: adminFormPost, table, target },
  ];
}

/** GET list + POST create, GET/PATCH/DELETE one. */
function adminApi(base: string, table: string, item: Expect = read): MatrixRow[] {
  return [
    { path: base, method: "GET", expect: read },
    { path: base, method: "POST", expect: adminWrite(201), table },
    { path: `${base}/:id`, method: "GET", expect: item },
    { path: `${base}/:id`, method: "PATCH", expect: adminWrite(200), table, target: "id" },
    { path: `${base}/:id`, method: "DELETE", expect: adminWrite(204), table, target: "id" },
  ];
}

export const matrix: MatrixRow[] = [
  // Outside the shell
  { path: "/auth", method: "GET", expect: { anonymous: 200, Client: 302, Team: 302, Administrator: 302 }, public: true },
  { path: "/auth", method: "POST", expect: all(302), public: true },
  { path: "/logout", method: "GET", expect: all(302), public: true },
  { path: "/logout", method: "POST", expect: all(302), public: true },
  { path: "/preferences/sidebar", method: "GET", expect: all(302), public: true },
  { path: "/preferences/sidebar", method: "POST", expect: all(302), public: true },
  { path: "/preferences/branch", method: "GET", expect: all(302), public: true },
  { path: "/preferences/branch", method: "POST", expect: all(302) },
  { path: "/healthz", method: "GET", expect: all(200), public: true },
  { path: "/api-docs", method: "GET", expect: all(200), public: true },
  { path: "/*", method: "GET", expect: all(404), public: true },

  // Screens
  // The dashboard is the school's day: a Client is sent to its own space (/family).
  { path: "/", method: "GET", expect: { anonymous: 302, Client: 302, Team: 200, Administrator: 200 } },
  // 'Minha família': a Client's own family; without one (every caller here), the page says so.
  { path: "/family", method: "GET", expect: screen },
  // Its actions (withdraw a notice, the dialogs of 'Avisar falta', 'Agendar reposição', 'Meus dados'): 404 without a family.
  { path: "/family", method: "POST", expect: noFamilyScreen, table: "absence_notices" },
  { path: "/family/absence", method: "GET", expect: noFamilyScreen },
  { path: "/family/absence", method: "POST", expect: noFamilyScreen, table: "absence_notices" },
  { path: "/family/absences/:absenceId/makeup", method: "GET", expect: noFamilyScreen },
  { path: "/family/absences/:absenceId/makeup", method: "POST", expect: noFamilyScreen, table: "makeups" },
  { path: "/family/persons/:personId/edit", method: "GET", expect: noFamilyScreen },
  { path: "/family/persons/:personId/edit", method: "POST", expect: noFamilyScreen, table: "guardian_persons", target: "personId" },
  { path: "/family/address", method: "GET", expect: noFamilyScreen },
  { path: "/family/address", method: "POST", expect: noFamilyScreen, table: "guardians" },
  // An image, not a page: signed out gets a 401 rather than a redirect.
  // A Client sees its own avatar only: the fixture's image is another user's (404).
  { path: "/uploads/:id", method: "GET", expect: { anonymous: 401, Client: 404, Team: 200, Administrator: 200 } },
  ...adminScreens("/users", "users"),
  ...adminScreens("/offers", "offers"),
  ...adminScreens("/branches", "branches"),
  { path: "/branches/:id/classrooms", method: "GET", expect: screen },
  { path: "/branches/:id/classrooms/new", method: "GET", expect: adminDialog },
  { path: "/branches/:id/classrooms/new", method: "POST", expect: adminFormPost, table: "classrooms" },
  { path: "/branches/:id/classrooms/:classroomId/edit", method: "GET", expect: adminDialog },
  { path: "/branches/:id/classrooms/:classroomId/edit", method: "POST", expect: adminFormPost, table: "classrooms", target: "classroomId" },
  { path: "/branches/:id/classrooms/:classroomId/delete", method: "GET", expect: adminDialog },
  {
    path: "/branches/:id/classrooms/:classroomId/delete",
    method: "POST",
    expect: adminFormPost,
    table: "classrooms",
    target: "classroomId",
  },
  { path: "/branches/:id/classrooms/:classroomId/schedules/new", method: "GET", expect: adminDialog },
  { path: "/branches/:id/classrooms/:classroomId/schedules/new", method: "POST", expect: adminFormPost, table: "classroom_schedules" },
  { path: "/branches/:id/classrooms/:classroomId/schedules/:scheduleId/edit", method: "GET", expect: adminDialog },
  {
    path: "/branches/:id/classrooms/:classroomId/schedules/:scheduleId/edit",
    method: "POST",
    expect: adminFormPost,
    table: "classroom_schedules",
    target: "scheduleId",
  },
  { path: "/branches/:id/classrooms/:classroomId/schedules/:scheduleId/delete", method: "GET", expect: adminDialog },
  {
    path: "/branches/:id/classrooms/:classroomId/schedules/:scheduleId/delete",
    method: "POST",
    expect: adminFormPost,
    table: "classroom_schedules",
    target: "scheduleId",
  },
  ...adminScreens("/courses", "courses"),
  ...adminScreens("/classes", "classes"),
  // Attendance (issue 17): every signed-in user sees today's sessions and a roll call; Team and Administrator save it.
  { path: "/today", method: "GET", expect: familyScreen },
  { path: "/classes/:id/attendance", method: "GET", expect: familyScreen },
  { path: "/classes/:id/attendance", method: "POST", expect: trialFormPost, table: "attendance_records" },
  { path: "/guardians", method: "GET", expect: screen },
  { path: "/guardians/new", method: "GET", expect: adminDialog },
  { path: "/guardians/new", method: "POST", expect: adminFormPost, table: "guardians" },
  { path: "/guardians/:id/delete", method: "GET", expect: adminDialog },
  { path: "/guardians/:id/delete", method: "POST", expect: adminFormPost, table: "guardians", target: "id" },
  { path: "/guardians/:id/persons", method: "GET", expect: familyScreen },
  { path: "/guardians/:id/anonymize", method: "GET", expect: adminDialog },
  { path: "/guardians/:id/anonymize", method: "POST", expect: adminFormPost, table: "guardians", target: "id" },
  { path: "/guardians/:id/persons/:personId/edit", method: "GET", expect: adminDialog },
  { path: "/guardians/:id/persons/:personId/edit", method: "POST", expect: adminFormPost, table: "guardian_persons", target: "personId" },
  { path: "/guardians/:id/persons/:personId/delete", method: "GET", expect: adminDialog },
  { path: "/guardians/:id/persons/:personId/delete", method: "POST", expect: adminFormPost, table: "guardian_persons", target: "personId" },
  // A one-off charge for a family (issue 28): Administrator only.
  { path: "/guardians/:id/charges/new", method: "GET", expect: adminDialog },
  { path: "/guardians/:id/charges/new", method: "POST", expect: adminFormPost, table: "charges" },
  // Students and enrolments: Team and Administrator create students and enrol; Administrator edits, deletes and cancels.
  { path: "/students", method: "GET", expect: screen },
  { path: "/students/new", method: "GET", expect: trialDialog },
  { path: "/students/new", method: "POST", expect: trialFormPost, table: "students" },
  { path: "/students/:id", method: "GET", expect: familyScreen },
  { path: "/students/:id/edit", method: "GET", expect: familyAdminDialog },
  { path: "/students/:id/edit", method: "POST", expect: adminFormPost, table: "students", target: "id" },
  { path: "/students/:id/delete", method: "GET", expect: familyAdminDialog },
  { path: "/students/:id/delete", method: "POST", expect: adminFormPost, table: "students", target: "id" },
  { path: "/students/:id/enroll", method: "GET", expect: familyTrialDialog },
  { path: "/students/:id/enroll", method: "POST", expect: trialFormPost, table: "enrollments" },
  { path: "/students/:id/enrollments/:enrollmentId/cancel", method: "GET", expect: familyAdminDialog },
  {
    path: "/students/:id/enrollments/:enrollmentId/cancel",
    method: "POST",
    expect: adminFormPost,
    table: "enrollments",
    target: "enrollmentId",
  },
  // An enrolment's discount (issue 28): Administrator only.
  { path: "/students/:id/enrollments/:enrollmentId/discount", method: "GET", expect: familyAdminDialog },
  {
    path: "/students/:id/enrollments/:enrollmentId/discount",
    method: "POST",
    expect: adminFormPost,
    table: "enrollments",
    target: "enrollmentId",
  },
  // Make-ups from the student's page: Team and Administrator book and cancel them (issue 17).
  { path: "/students/:id/makeup", method: "GET", expect: familyTrialDialog },
  { path: "/students/:id/makeup", method: "POST", expect: trialFormPost, table: "makeups" },
  { path: "/students/:id/makeups/:makeupId/delete", method: "GET", expect: familyTrialDialog },
  { path: "/students/:id/makeups/:makeupId/delete", method: "POST", expect: trialFormPost, table: "makeups", target: "makeupId" },
  { path: "/classes/:id/students", method: "GET", expect: familyScreen },
  { path: "/classes/:id/students/enroll", method: "GET", expect: familyTrialDialog },
  { path: "/classes/:id/students/enroll", method: "POST", expect: trialFormPost, table: "enrollments" },
  { path: "/classes/:id/students/:enrollmentId/cancel", method: "GET", expect: familyAdminDialog },
  {
    path: "/classes/:id/students/:enrollmentId/cancel",
    method: "POST",
    expect: adminFormPost,
    table: "enrollments",
    target: "enrollmentId",
  },
  { path: "/trials", method: "GET", expect: screen },
  // The quick status change: a history entry is the write.
  { path: "/trials", method: "POST", expect: trialFormPost, table: "trial_status_history" },
  { path: "/trials/new", method: "GET", expect: trialDialog },
  { path: "/trials/new", method: "POST", expect: trialFormPost, table: "trials" },
  { path: "/trials/:id/edit", method: "GET", expect: trialDialog },
  { path: "/trials/:id/edit", method: "POST", expect: trialFormPost, table: "trials", target: "id" },
  { path: "/trials/:id/delete", method: "GET", expect: trialDialog },
  { path: "/trials/:id/delete", method: "POST", expect: trialFormPost, table: "trials", target: "id" },
  { path: "/trials/:id/history", method: "GET", expect: familyScreen },
  { path: "/trials/day/:date", method: "GET", expect: screen },
  { path: "/trials/:id/status", method: "GET", expect: trialDialog },
  // 'Matricular Aluno': the enrolment (with its student, and a guardian when new) is the write.
  { path: "/trials/:id/enroll", method: "GET", expect: trialDialog },
  { path: "/trials/:id/enroll", method: "POST", expect: trialFormPost, table: "enrollments" },
  { path: "/trials/:id/lose", method: "GET", expect: trialDialog },
  { path: "/trials/:id/lose", method: "POST", expect: trialFormPost, table: "trials", target: "id" },
  { path: "/trials/:id/reopen", method: "GET", expect: trialDialog },
  { path: "/trials/:id/reopen", method: "POST", expect: trialFormPost, table: "trials", target: "id" },
  { path: "/trials/:id/tasks/new", method: "GET", expect: trialDialog },
  { path: "/trials/:id/tasks/new", method: "POST", expect: trialFormPost, table: "tasks" },
  { path: "/tasks", method: "GET", expect: trialDialog },
  { path: "/tasks", method: "POST", expect: trialFormPost, table: "tasks", target: "taskId" },
  // 'Auditoria': administrators only.
  { path: "/audit", method: "GET", expect: adminDialog },
  // 'Integrações': the job queue ('Tentar de novo' posts here; the retried job is the form's, not the URL's)
  { path: "/integrations", method: "GET", expect: adminDialog },
  { path: "/integrations", method: "POST", expect: adminFormPost },
  // Relatórios: Team and Administrator (a Client gets the 403 screen).
  { path: "/reports", method: "GET", expect: trialDialog },
  { path: "/reports/funnel", method: "GET", expect: trialDialog },
  { path: "/reports/students", method: "GET", expect: trialDialog },
  { path: "/reports/attendance", method: "GET", expect: trialDialog },
  { path: "/reports/finance", method: "GET", expect: trialDialog },

  // JSON API: session
  { path: "/api/user", method: "GET", expect: read },
  { path: "/api/login", method: "POST", expect: all(200), public: true },
  { path: "/api/register", method: "POST", expect: all(201), public: true },
  { path: "/api/logout", method: "POST", expect: all(200), public: true },
  { path: "/api/openapi.json", method: "GET", expect: all(200), public: true },
  { path: "/api/*", method: "GET", expect: all(404), public: true },
  { path: "/api/*", method: "POST", expect: all(404), public: true },

  // JSON API: master data
  // A Client reads itself only: another user is a 404.
  ...adminApi("/api/users", "users", familyRead),
  { path: "/api/users/:id/avatar", method: "PUT", expect: adminWrite(200), table: "users", target: "id" },
  { path: "/api/objects/upload", method: "POST", expect: adminWrite(200), table: "uploads" },
  // The signed, single-use token is the permission (like a presigned bucket URL).
  { path: "/api/objects/upload/:token", method: "PUT", expect: all(200), public: true },
  ...adminApi("/api/branches", "branches"),
  ...adminApi("/api/offers", "offers"),
  ...adminApi("/api/classrooms", "classrooms"),
  { path: "/api/classrooms/branch/:branchId", method: "GET", expect: read },
  ...adminApi("/api/classroom-schedules", "classroom_schedules"),
  { path: "/api/classroom-schedules/classroom/:classroomId", method: "GET", expect: read },
  ...adminApi("/api/courses", "courses"),
  ...adminApi("/api/classes", "classes"),
  { path: "/api/classes/:id/schedules", method: "GET", expect: read },
  { path: "/api/class-schedules", method: "GET", expect: read },
  { path: "/api/guardians", method: "GET", expect: read },
  { path: "/api/guardians", method: "POST", expect: adminWrite(201), table: "guardians" },
  { path: "/api/guardians/:id", method: "GET", expect: familyRead },
  { path: "/api/guardians/:id", method: "DELETE", expect: adminWrite(204), table: "guardians", target: "id" },
  { path: "/api/guardians/:id/persons", method: "GET", expect: familyRead },
  // LGPD: the family's file (Administrator, or the family's own Client: the matrix's has none, so 404; Team 403).
  { path: "/api/guardians/:id/export", method: "GET", expect: { anonymous: 401, Client: 404, Team: 403, Administrator: 200 } },
  { path: "/api/guardians/:id/anonymize", method: "POST", expect: adminWrite(200), table: "guardians", target: "id" },
  { path: "/api/guardian-persons/:id", method: "GET", expect: familyRead },
  { path: "/api/guardian-persons/:id", method: "PATCH", expect: adminWrite(200), table: "guardian_persons", target: "id" },
  { path: "/api/guardian-persons/:id", method: "DELETE", expect: adminWrite(204), table: "guardian_persons", target: "id" },

  // JSON API: trials (Team and Administrator write)
  { path: "/api/trials", method: "GET", expect: read },
  { path: "/api/trials", method: "POST", expect: trialWrite(201), table: "trials" },
  { path: "/api/trials/all-histories", method: "GET", expect: read },
  { path: "/api/trials/:id", method: "GET", expect: familyRead },
  { path: "/api/trials/:id", method: "PATCH", expect: trialWrite(200), table: "trials", target: "id" },
  { path: "/api/trials/:id", method: "DELETE", expect: trialWrite(204), table: "trials", target: "id" },
  { path: "/api/trials/:id/history", method: "GET", expect: familyRead },
  { path: "/api/trials/:id/enroll", method: "POST", expect: trialWrite(201), table: "enrollments" },
  { path: "/api/trials/:id/lose", method: "POST", expect: trialWrite(200), table: "trials", target: "id" },
  { path: "/api/trials/:id/reopen", method: "POST", expect: trialWrite(200), table: "trials", target: "id" },
  // JSON API: follow-up tasks (Team and Administrator; a Team user changes its own: the fixture's are the Team caller's)
  { path: "/api/tasks", method: "GET", expect: trialWrite(200) },
  { path: "/api/tasks", method: "POST", expect: trialWrite(201), table: "tasks" },
  { path: "/api/tasks/:id", method: "PATCH", expect: trialWrite(200), table: "tasks", target: "id" },
  { path: "/api/tasks/:id", method: "DELETE", expect: trialWrite(204), table: "tasks", target: "id" },

  // JSON API: students and enrolments (Team and Administrator create; Administrator edits, cancels, deletes)
  { path: "/api/students", method: "GET", expect: read },
  { path: "/api/students", method: "POST", expect: trialWrite(201), table: "students" },
  { path: "/api/students/:id", method: "GET", expect: familyRead },
  { path: "/api/students/:id", method: "PATCH", expect: adminWrite(200), table: "students", target: "id" },
  { path: "/api/students/:id", method: "DELETE", expect: adminWrite(204), table: "students", target: "id" },
  { path: "/api/enrollments", method: "GET", expect: read },
  { path: "/api/enrollments", method: "POST", expect: trialWrite(201), table: "enrollments" },
  { path: "/api/enrollments/:id", method: "GET", expect: familyRead },
  { path: "/api/enrollments/:id", method: "PATCH", expect: adminWrite(200), table: "enrollments", target: "id" },
  { path: "/api/classes/:id/enrollments", method: "GET", expect: familyRead },

  // JSON API: attendance and make-ups (Team and Administrator take roll calls and book, move, cancel make-ups; Client reads)
  { path: "/api/classes/:id/sessions", method: "GET", expect: familyRead },
  { path: "/api/classes/:id/attendance", method: "GET", expect: familyRead },
  { path: "/api/classes/:id/attendance", method: "PUT", expect: trialWrite(200), table: "attendance_records" },
  { path: "/api/students/:id/attendance", method: "GET", expect: familyRead },
  { path: "/api/makeups", method: "GET", expect: read },
  { path: "/api/makeups", method: "POST", expect: trialWrite(201), table: "makeups" },
  { path: "/api/makeups/options", method: "GET", expect: familyRead },
  { path: "/api/makeups/:id", method: "GET", expect: familyRead },
  { path: "/api/makeups/:id", method: "PATCH", expect: trialWrite(200), table: "makeups", target: "id" },
  { path: "/api/makeups/:id", method: "DELETE", expect: trialWrite(204), table: "makeups", target: "id" },

  // Money screens (Team and Administrator; generating and the branch's settings are the Administrator's)
  { path: "/branches/:id/billing", method: "GET", expect: adminDialog },
  { path: "/branches/:id/billing", method: "POST", expect: adminFormPost, table: "billing_settings" },
  { path: "/branches/:id/bank", method: "GET", expect: adminDialog },
  { path: "/branches/:id/bank", method: "POST", expect: adminFormPost, table: "bank_connections" },
  { path: "/charges", method: "GET", expect: trialDialog },
  { path: "/charges/generate", method: "GET", expect: adminDialog },
  { path: "/charges/generate", method: "POST", expect: adminFormPost, table: "charges" },
  { path: "/charges/:id", method: "GET", expect: trialDialog },
  { path: "/charges/:id", method: "POST", expect: trialFormPost, table: "payments" },
  { path: "/billing/overdue", method: "GET", expect: trialDialog },
  // 'Cobrar no WhatsApp': a redirect to WhatsApp (the fixture family owes nothing overdue: back to the list).
  { path: "/billing/overdue/:guardianId/whatsapp", method: "GET", expect: trialFormPost },
  // 'Conciliação' (issue 42): Team and Administrator; 'Devolver o Pix' is the Administrator's.
  { path: "/billing/reconciliation", method: "GET", expect: trialDialog },
  { path: "/billing/reconciliation", method: "POST", expect: trialFormPost },
  { path: "/billing/reconciliation/pix/:e2eid/link", method: "GET", expect: trialDialog },
  { path: "/billing/reconciliation/pix/:e2eid/link", method: "POST", expect: trialFormPost, table: "payments" },
  { path: "/billing/reconciliation/payments/:id/refund", method: "GET", expect: adminDialog },
  { path: "/billing/reconciliation/payments/:id/refund", method: "POST", expect: adminFormPost, table: "payments", target: "id" },

  // JSON API: money (Administrator everything; Team reads and records payments; Client reads its family's charges)
  { path: "/api/branches/:id/billing-settings", method: "GET", expect: trialWrite(200) },
  { path: "/api/branches/:id/billing-settings", method: "PUT", expect: adminWrite(200), table: "billing_settings" },
  // The bank connection: the Administrator's alone, reads included (it names the bank and the webhook's secret address)
  { path: "/api/branches/:id/pix-provider", method: "GET", expect: adminWrite(200) },
  { path: "/api/branches/:id/pix-provider", method: "PUT", expect: adminWrite(200), table: "bank_connections" },
  { path: "/api/branches/:id/pix-provider/check", method: "POST", expect: adminWrite(200) },
  { path: "/api/charges", method: "GET", expect: read },
  { path: "/api/charges", method: "POST", expect: adminWrite(201), table: "charges" },
  { path: "/api/charges/generate", method: "GET", expect: adminWrite(200) },
  { path: "/api/charges/generate", method: "POST", expect: adminWrite(200), table: "charges" },
  { path: "/api/charges/:id", method: "GET", expect: familyRead },
  { path: "/api/charges/:id/due", method: "GET", expect: familyRead },
  { path: "/api/charges/:id/pix", method: "GET", expect: familyRead },
  { path: "/api/charges/:id/payments", method: "POST", expect: trialWrite(201), table: "payments" },
  { path: "/api/charges/:id/cancel", method: "POST", expect: adminWrite(200), table: "charges", target: "id" },
  { path: "/api/charges/:id/waive", method: "POST", expect: adminWrite(200), table: "charges", target: "id" },
  { path: "/api/payments/:id/reverse", method: "POST", expect: adminWrite(200), table: "payments", target: "id" },
  { path: "/api/billing/overdue", method: "GET", expect: trialWrite(200) },
  { path: "/api/billing/summary", method: "GET", expect: trialWrite(200) },
  { path: "/api/billing/reconciliation", method: "GET", expect: trialWrite(200) },
  { path: "/api/billing/reconciliation/run", method: "POST", expect: trialWrite(200) },
  { path: "/api/billing/reconciliation/pix/:e2eid/link", method: "POST", expect: trialWrite(200), table: "payments" },
  { path: "/api/payments/:id/refund", method: "POST", expect: adminWrite(202), table: "payments", target: "id" },
  // The bank's webhook: its branch's secret in the URL is the permission; the matrix knows none, so every caller gets 404 and nothing is stored.
  { path: "/api/webhooks/pix/:branchId/:secret/pix", method: "POST", expect: all(404), public: true, table: "pix_inbox" },

  // JSON API: the family's space (the caller's own family; none of these callers has one)
  { path: "/api/family", method: "GET", expect: { anonymous: 401, Client: 404, Team: 404, Administrator: 404 } },
  { path: "/api/family/finance", method: "GET", expect: { anonymous: 401, Client: 404, Team: 404, Administrator: 404 } },
  // The family's own actions (warn of an absence, book a make-up, edit its contacts): 404 'Família não encontrada' without a family.
  { path: "/api/family/absences", method: "POST", expect: noFamily, table: "absence_notices" },
  { path: "/api/family/absences/:id", method: "DELETE", expect: noFamily, table: "absence_notices", target: "id" },
  { path: "/api/family/makeups", method: "POST", expect: noFamily, table: "makeups" },
  { path: "/api/family/persons/:id", method: "PATCH", expect: noFamily, table: "guardian_persons", target: "id" },
  { path: "/api/family/address", method: "PATCH", expect: noFamily, table: "guardians" },
  // JSON API: the audit trail (Administrator only)
  { path: "/api/audit", method: "GET", expect: adminWrite(200) },
  // JSON API: the job queue (Administrator only)
  { path: "/api/jobs", method: "GET", expect: adminWrite(200) },
  { path: "/api/jobs/:id/retry", method: "POST", expect: adminWrite(200), table: "jobs", target: "id" },
  { path: "/api/reports/funnel", method: "GET", expect: trialWrite(200) },
  { path: "/api/reports/students", method: "GET", expect: trialWrite(200) },
  { path: "/api/reports/attendance", method: "GET", expect: trialWrite(200) },
  { path: "/api/reports/finance", method: "GET", expect: trialWrite(200) },
];
