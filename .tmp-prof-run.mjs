import { spawn } from "node:child_process";
import autocannon from "autocannon";
const port = 4777;
const env = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: "sqlite:/tmp/prof/db.sqlite", SESSION_SECRET: "x".repeat(40), WEB_CONCURRENCY: "1", NODE_OPTIONS: "--cpu-prof --cpu-prof-dir=/tmp/prof" };
const child = spawn(process.execPath, ["server.mjs"], { env, stdio: "inherit" });
const base = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(base + "/healthz")).ok) break; } catch {} await new Promise(r => setTimeout(r, 200)); }
const reg = await fetch(base + "/api/register", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "A", email: `a${Date.now()}@t.com`, password: "segredo123", userType: "Administrator" }) });
const cookie = reg.headers.getSetCookie().map(c => c.split(";")[0]).join("; ");
for (let i = 0; i < 5; i++) await fetch(base + "/api/courses", { method: "POST", headers: { "content-type": "application/json", cookie, origin: base }, body: JSON.stringify({ name: `Curso ${i}` }) });
await autocannon({ url: base + "/api/courses", connections: 10, duration: 4, headers: { cookie } });
const r = await autocannon({ url: base + "/api/courses", connections: 10, duration: 10, headers: { cookie } });
console.log("rps", r.requests.average);
child.kill("SIGTERM");
await new Promise(r => child.on("exit", r));
