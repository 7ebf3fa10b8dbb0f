import { z } from "zod";

const DEV_SECRET = "development-only-secret-do-not-use-in-production";

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    APP_NAME: z.string().min(1).default("Rede Ritmo de Escolas de Dança"),
    DATABASE_URL: z.string().min(1).default("sqlite:data/app.sqlite"),
    SESSION_SECRET: z.string().optional(),
    // Where uploaded avatars live: the database (shared by every app server) or UPLOAD_DIR.
    UPLOAD_STORAGE: z.enum(["database", "disk"]).default("database"),
    UPLOAD_DIR: z.string().min(1).default("data/uploads"),
    DB_LOGGING: z.enum(["0", "1"]).default("0"),
    REGISTRATION: z.enum(["open", "client", "closed"]).default("open"),
  })
  .transform((env, ctx) => {
    if (env.NODE_ENV === "production" && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET is required in production (at least 32 characters)",
      });
      return z.NEVER;
    }
    return { ...env, SESSION_SECRET: env.SESSION_SECRET || DEV_SECRET };
  });

export type Env = z.output<typeof schema>;

let cached: Env | null = null;

/** Configuration, read and validated once. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(
      "Invalid configuration:\n" + parsed.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`).join("\n"),
    );
  }
  cached = parsed.data;
  return cached;
}
