// Import rules between the layers (docs/conventions.md, "Layers and imports").
// `npm run lint:deps` checks the tree; tests/architecture/import-rules.test.ts
// checks the tree and that each rule fails on a planted violation. One rule is
// checked by that test alone, as a rule here sees one import at a time:
// `domain-folders-one-way`, no two folders of app/domain/ importing each other
// both ways (ADR 016).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "No import cycles anywhere (type-only imports count too).",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-not-to-outer-layers",
      severity: "error",
      comment: "The domain takes plain data in and out: it imports no route, feature, HTTP/session code or component.",
      from: { path: "^app/domain/" },
      to: { path: "^app/(routes|features|server|components)/" },
    },
    {
      name: "routes-area-isolated",
      severity: "error",
      comment:
        "A route area (app/routes/<area>/, or a file directly in app/routes/) imports nothing of another area: a piece two areas use lives in app/features/.",
      from: { path: "^app/routes/([^/]+)" },
      to: { path: "^app/routes/", pathNot: "^app/routes/$1(/|$)" },
    },
    {
      name: "features-not-to-routes",
      severity: "error",
      comment: "app/features holds the screen pieces several areas share: it imports no route.",
      from: { path: "^app/features/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "components-not-to-screens",
      severity: "error",
      comment: "app/components holds the kit every screen uses: it imports no route and no feature.",
      from: { path: "^app/components/" },
      to: { path: "^app/(routes|features)/" },
    },
    {
      name: "access-imports-no-entity",
      severity: "error",
      comment:
        "Who may act and the family scope (app/domain/access/) sit below every entity: they import no other domain folder and no entity model, only the domain's base files and the platform.",
      from: { path: "^app/domain/access/" },
      to: { path: "^(app/domain/[^/]+/|db/models)", pathNot: "^app/domain/access/" },
    },
    {
      name: "queries-not-to-services",
      severity: "error",
      comment: "Reads never import commands: DTO types come from schema.ts.",
      from: { path: "(^|/)queries\\.server\\.ts$" },
      to: { path: "(^|/)service\\.server\\.ts$" },
    },
    {
      name: "lib-stays-pure",
      severity: "error",
      comment: "app/lib holds pure helpers: no server, platform, domain, database or .server module.",
      from: { path: "^app/lib/" },
      to: { path: "^(app/(server|platform|domain)/|db/)|\\.server\\.[jt]sx?$" },
    },
    {
      name: "platform-not-to-upper-layers",
      severity: "error",
      comment: "The platform (database, cache, env, housekeeping) knows nothing of the domain, routes or HTTP.",
      from: { path: "^app/platform/" },
      to: { path: "^app/(domain|routes|server)/" },
    },
    {
      name: "integrations-are-adapters",
      severity: "error",
      comment:
        "app/integrations/ holds one adapter per outside contract (the API Pix…): plain data in and out, called by the domain. It imports no route, feature, HTTP code, component, database code, and of the domain only the money module.",
      from: { path: "^app/integrations/" },
      to: { path: "^(app/(routes|features|server|components|domain)/|db/)", pathNot: "^app/domain/money\\.ts$" },
    },
    {
      name: "db-not-to-app",
      severity: "error",
      comment: "db/ (driver, migrations, models, select door) imports nothing from app/.",
      from: { path: "^db/", pathNot: "^db/(cli|seed)/" },
      to: { path: "^app/" },
    },
    {
      name: "db-tools-to-app",
      severity: "error",
      comment:
        "The database's command line and demo seed may read the settings (app/platform/env.server.ts) and the calendar (app/domain/calendar/), nothing else of app/.",
      from: { path: "^db/(cli|seed)/" },
      to: { path: "^app/", pathNot: "^app/(platform/env\\.server\\.ts$|domain/calendar/)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router|\\.tmp|data|test-results|playwright-report)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".jsx", ".d.ts", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
