import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds coexist (e.g. parallel test runs); default build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Middleware and a typed request context (the session, the signed-in user, the selected branch, the client IP).
  future: { v8_middleware: true },
} satisfies Config;
