import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  route("auth", "routes/auth.tsx"),
  route("logout", "routes/logout.ts"),
  route("preferences/sidebar", "routes/preferences-sidebar.ts"),
  route("preferences/branch", "routes/preferences-branch.ts"),
  route("healthz", "routes/healthz.ts"),

  layout("routes/app-layout.tsx", [
    index("routes/dashboard.tsx"),
    // @routes:configuracoes (users, offers, branches, courses)
    route("courses", "routes/courses.tsx", [
      route("new", "routes/course-form.tsx", { id: "course-new" }),
      route(":id/edit", "routes/course-form.tsx", { id: "course-edit" }),
      route(":id/delete", "routes/course-delete.tsx"),
    ]),
    // @routes:operacao (classes)
    // @routes:secretaria (guardians)
    // @routes:comercial (trials)
  ]),

  ...prefix("api", [
    route("user", "routes/api/user.ts"),
    route("login", "routes/api/login.ts"),
    route("register", "routes/api/register.ts"),
    route("logout", "routes/api/logout.ts"),
    // @api:configuracoes
    route("courses", "routes/api/courses.ts"),
    route("courses/:id", "routes/api/course.ts"),
    // @api:operacao
    // @api:secretaria
    // @api:comercial
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
