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
    // @api:operacao
    // @api:secretaria
    // @api:comercial
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
