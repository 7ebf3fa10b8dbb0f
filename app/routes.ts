import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  route("auth", "routes/auth.tsx"),
  route("logout", "routes/logout.ts"),
  route("preferences/sidebar", "routes/preferences-sidebar.ts"),
  route("preferences/branch", "routes/preferences-branch.ts"),
  route("healthz", "routes/healthz.ts"),
  route("api-docs", "routes/api-docs.tsx"),

  layout("routes/app-layout.tsx", [
    index("routes/dashboard.tsx"),
    // Configurações
    route("users", "routes/users.tsx", [
      route("new", "routes/user-form.tsx", { id: "user-new" }),
      route(":id/edit", "routes/user-form.tsx", { id: "user-edit" }),
      route(":id/delete", "routes/user-delete.tsx"),
    ]),
    route("uploads/:id", "routes/uploads.ts"),
    route("offers", "routes/offers.tsx", [
      route("new", "routes/offer-form.tsx", { id: "offer-new" }),
      route(":id/edit", "routes/offer-form.tsx", { id: "offer-edit" }),
      route(":id/delete", "routes/offer-delete.tsx"),
    ]),
    route("branches", "routes/branches.tsx", [
      route("new", "routes/branch-form.tsx", { id: "branch-new" }),
      route(":id/edit", "routes/branch-form.tsx", { id: "branch-edit" }),
      route(":id/delete", "routes/branch-delete.tsx"),
      route(":id/classrooms", "routes/branch-classrooms.tsx", [
        route("new", "routes/classroom-form.tsx", { id: "classroom-new" }),
        route(":classroomId/edit", "routes/classroom-form.tsx", { id: "classroom-edit" }),
        route(":classroomId/delete", "routes/classroom-delete.tsx"),
        route(":classroomId/schedules/new", "routes/schedule-form.tsx", { id: "schedule-new" }),
        route(":classroomId/schedules/:scheduleId/edit", "routes/schedule-form.tsx", { id: "schedule-edit" }),
        route(":classroomId/schedules/:scheduleId/delete", "routes/schedule-delete.tsx"),
      ]),
    ]),
    route("courses", "routes/courses.tsx", [
      route("new", "routes/course-form.tsx", { id: "course-new" }),
      route(":id/edit", "routes/course-form.tsx", { id: "course-edit" }),
      route(":id/delete", "routes/course-delete.tsx"),
    ]),
    // Operação
    route("classes", "routes/classes.tsx", [
      route("new", "routes/class-form.tsx", { id: "class-new" }),
      route(":id/edit", "routes/class-form.tsx", { id: "class-edit" }),
      route(":id/delete", "routes/class-delete.tsx"),
    ]),
    // Secretaria
    route("guardians", "routes/guardians.tsx", [
      route("new", "routes/guardian-new.tsx"),
      route(":id/delete", "routes/guardian-delete.tsx"),
      route(":id/persons", "routes/guardian-persons.tsx"),
      route(":id/persons/:personId/edit", "routes/person-edit.tsx"),
      route(":id/persons/:personId/delete", "routes/person-delete.tsx"),
    ]),
    // Comercial
    route("trials", "routes/trials.tsx", [
      route("new", "routes/trial-form.tsx", { id: "trial-new" }),
      route(":id/edit", "routes/trial-form.tsx", { id: "trial-edit" }),
      route(":id/delete", "routes/trial-delete.tsx"),
      route(":id/history", "routes/trial-history.tsx"),
      route(":id/status", "routes/trial-status.tsx"),
      route("day/:date", "routes/trial-day.tsx"),
    ]),
  ]),

  // The JSON API of SPEC §7 (thin adapters over app/domain), documented at /api/openapi.json.
  ...prefix("api", [
    route("user", "routes/api/user.ts"),
    route("login", "routes/api/login.ts"),
    route("register", "routes/api/register.ts"),
    route("logout", "routes/api/logout.ts"),
    route("users", "routes/api/users.ts"),
    route("users/:id", "routes/api/user-item.ts"),
    route("users/:id/avatar", "routes/api/user-avatar.ts"),
    route("objects/upload", "routes/api/objects-upload.ts"),
    route("objects/upload/:token", "routes/api/objects-upload-token.ts"),
    route("branches", "routes/api/branches.ts"),
    route("branches/:id", "routes/api/branch.ts"),
    route("offers", "routes/api/offers.ts"),
    route("offers/:id", "routes/api/offer.ts"),
    route("classrooms", "routes/api/classrooms.ts"),
    route("classrooms/branch/:branchId", "routes/api/classrooms-by-branch.ts"),
    route("classrooms/:id", "routes/api/classroom.ts"),
    route("classroom-schedules", "routes/api/classroom-schedules.ts"),
    route("classroom-schedules/classroom/:classroomId", "routes/api/classroom-schedules-by-classroom.ts"),
    route("classroom-schedules/:id", "routes/api/classroom-schedule.ts"),
    route("courses", "routes/api/courses.ts"),
    route("courses/:id", "routes/api/course.ts"),
    route("classes", "routes/api/classes.ts"),
    route("classes/:id", "routes/api/class.ts"),
    route("classes/:id/schedules", "routes/api/class-schedule-links.ts"),
    route("class-schedules", "routes/api/class-schedules.ts"),
    route("guardians", "routes/api/guardians.ts"),
    route("guardians/:id", "routes/api/guardian.ts"),
    route("guardians/:id/persons", "routes/api/guardian-persons.ts"),
    route("guardian-persons/:id", "routes/api/guardian-person.ts"),
    route("openapi.json", "routes/api/openapi.ts"),
    route("trials", "routes/api/trials.ts"),
    route("trials/all-histories", "routes/api/trials-all-histories.ts"),
    route("trials/:id", "routes/api/trial.ts"),
    route("trials/:id/history", "routes/api/trial-history.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
