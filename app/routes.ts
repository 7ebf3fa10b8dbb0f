import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  route("auth", "routes/auth/auth.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("preferences/sidebar", "routes/preferences/sidebar.ts"),
  route("preferences/branch", "routes/preferences/branch.ts"),
  route("healthz", "routes/healthz.ts"),
  route("api-docs", "routes/docs/api-docs.tsx"),
  // Stored images: for signed-in users, 401 otherwise (not under the layout, which redirects to /auth).
  route("uploads/:id", "routes/uploads/uploads.ts"),

  layout("routes/app-layout.tsx", [
    index("routes/dashboard.tsx"),
    // Configurações
    route("users", "routes/users/users.tsx", [
      route("new", "routes/users/user-form.tsx", { id: "user-new" }),
      route(":id/edit", "routes/users/user-form.tsx", { id: "user-edit" }),
      route(":id/delete", "routes/users/user-delete.tsx"),
    ]),
    route("offers", "routes/offers/offers.tsx", [
      route("new", "routes/offers/offer-form.tsx", { id: "offer-new" }),
      route(":id/edit", "routes/offers/offer-form.tsx", { id: "offer-edit" }),
      route(":id/delete", "routes/offers/offer-delete.tsx"),
    ]),
    route("branches", "routes/branches/branches.tsx", [
      route("new", "routes/branches/branch-form.tsx", { id: "branch-new" }),
      route(":id/edit", "routes/branches/branch-form.tsx", { id: "branch-edit" }),
      route(":id/delete", "routes/branches/branch-delete.tsx"),
      route(":id/classrooms", "routes/classrooms/branch-classrooms.tsx", [
        route("new", "routes/classrooms/classroom-form.tsx", { id: "classroom-new" }),
        route(":classroomId/edit", "routes/classrooms/classroom-form.tsx", { id: "classroom-edit" }),
        route(":classroomId/delete", "routes/classrooms/classroom-delete.tsx"),
        route(":classroomId/schedules/new", "routes/schedules/schedule-form.tsx", { id: "schedule-new" }),
        route(":classroomId/schedules/:scheduleId/edit", "routes/schedules/schedule-form.tsx", { id: "schedule-edit" }),
        route(":classroomId/schedules/:scheduleId/delete", "routes/schedules/schedule-delete.tsx"),
      ]),
    ]),
    route("courses", "routes/courses/courses.tsx", [
      route("new", "routes/courses/course-form.tsx", { id: "course-new" }),
      route(":id/edit", "routes/courses/course-form.tsx", { id: "course-edit" }),
      route(":id/delete", "routes/courses/course-delete.tsx"),
    ]),
    // Operação
    route("today", "routes/attendance/today.tsx"),
    route("classes/:id/attendance", "routes/attendance/roll-call.tsx"),
    route("classes", "routes/classes/classes.tsx", [
      route("new", "routes/classes/class-form.tsx", { id: "class-new" }),
      route(":id/edit", "routes/classes/class-form.tsx", { id: "class-edit" }),
      route(":id/delete", "routes/classes/class-delete.tsx"),
    ]),
    // Secretaria
    route("guardians", "routes/guardians/guardians.tsx", [
      route("new", "routes/guardians/guardian-new.tsx"),
      route(":id/delete", "routes/guardians/guardian-delete.tsx"),
      route(":id/persons", "routes/guardians/guardian-persons.tsx"),
      route(":id/persons/:personId/edit", "routes/guardians/person-edit.tsx"),
      route(":id/persons/:personId/delete", "routes/guardians/person-delete.tsx"),
    ]),
    // Comercial
    route("trials", "routes/trials/trials.tsx", [
      route("new", "routes/trials/trial-form.tsx", { id: "trial-new" }),
      route(":id/edit", "routes/trials/trial-form.tsx", { id: "trial-edit" }),
      route(":id/delete", "routes/trials/trial-delete.tsx"),
      route(":id/history", "routes/trials/trial-history.tsx"),
      route(":id/status", "routes/trials/trial-status.tsx"),
      route("day/:date", "routes/trials/trial-day.tsx"),
    ]),
  ]),

  // The JSON API of SPEC §7 (thin adapters over app/domain), documented at /api/openapi.json.
  ...prefix("api", [
    route("user", "routes/auth/api/user.ts"),
    route("login", "routes/auth/api/login.ts"),
    route("register", "routes/auth/api/register.ts"),
    route("logout", "routes/auth/api/logout.ts"),
    route("users", "routes/users/api/users.ts"),
    route("users/:id", "routes/users/api/user-item.ts"),
    route("users/:id/avatar", "routes/users/api/user-avatar.ts"),
    route("objects/upload", "routes/uploads/api/objects-upload.ts"),
    route("objects/upload/:token", "routes/uploads/api/objects-upload-token.ts"),
    route("branches", "routes/branches/api/branches.ts"),
    route("branches/:id", "routes/branches/api/branch.ts"),
    route("offers", "routes/offers/api/offers.ts"),
    route("offers/:id", "routes/offers/api/offer.ts"),
    route("classrooms", "routes/classrooms/api/classrooms.ts"),
    route("classrooms/branch/:branchId", "routes/classrooms/api/classrooms-by-branch.ts"),
    route("classrooms/:id", "routes/classrooms/api/classroom.ts"),
    route("classroom-schedules", "routes/schedules/api/classroom-schedules.ts"),
    route("classroom-schedules/classroom/:classroomId", "routes/schedules/api/classroom-schedules-by-classroom.ts"),
    route("classroom-schedules/:id", "routes/schedules/api/classroom-schedule.ts"),
    route("courses", "routes/courses/api/courses.ts"),
    route("courses/:id", "routes/courses/api/course.ts"),
    route("classes", "routes/classes/api/classes.ts"),
    route("classes/:id", "routes/classes/api/class.ts"),
    route("classes/:id/schedules", "routes/classes/api/class-schedule-links.ts"),
    route("classes/:id/enrollments", "routes/classes/api/class-enrollments.ts"),
    route("class-schedules", "routes/classes/api/class-schedules.ts"),
    route("guardians", "routes/guardians/api/guardians.ts"),
    route("guardians/:id", "routes/guardians/api/guardian.ts"),
    route("guardians/:id/persons", "routes/guardians/api/guardian-persons.ts"),
    route("guardian-persons/:id", "routes/guardians/api/guardian-person.ts"),
    route("openapi.json", "routes/docs/api/openapi.ts"),
    route("trials", "routes/trials/api/trials.ts"),
    route("trials/all-histories", "routes/trials/api/trials-all-histories.ts"),
    route("trials/:id", "routes/trials/api/trial.ts"),
    route("trials/:id/history", "routes/trials/api/trial-history.ts"),
    route("trials/:id/enroll", "routes/trials/api/trial-enroll.ts"),
    route("students", "routes/students/api/students.ts"),
    route("students/:id", "routes/students/api/student.ts"),
    route("enrollments", "routes/enrollments/api/enrollments.ts"),
    route("enrollments/:id", "routes/enrollments/api/enrollment.ts"),
    route("*", "routes/api-not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
