import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import fs from "node:fs";
import os from "node:os";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** The session secret of the servers the tests and the benchmarks start. */
export const TEST_SESSION_SECRET = "test-secret-test-secret-test-secret-1234";

/** The key of the secrets those servers store (DATA_ENCRYPTION_KEY, 32 bytes in hex). */
export const TEST_DATA_ENCRYPTION_KEY = "7e57da7a".repeat(8);

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the production build (`node server.mjs`, as `npm start`) against a
 * database and waits until it answers; `{ dev: true }` starts the development
 * server instead (`node server.mjs --dev`, as `npm run dev`: Vite, no build).
 */
export async function startServer(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  options: { dev?: boolean } = {},
): Promise<RunningServer> {
  const root = path.resolve(import.meta.dirname, "../..");
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!options.dev && !fs.existsSync(path.resolve(root, buildDir, "server/index.js"))) {
    throw new Error("The production build is missing: run `npm run build` first.");
  }
  const port = await freePort();
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "escola-uploads-"));
  let log = "";
  const child = spawn(process.execPath, options.dev ? ["server.mjs", "--dev"] : ["server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: options.dev ? "development" : "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      UPLOAD_DIR: uploadDir,
      APP_NAME: "Escola Teste",
      TZ: "America/Sao_Paulo",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Generous: on a busy machine a cold start (migrations included) can take a while.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    process: child,
    output: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}
