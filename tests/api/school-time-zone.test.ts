import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { addDays, dateInTimeZone } from "~/domain/calendar/dates";
import { startServer, type RunningServer } from "../support/server";
import { ApiClient, uniqueEmail } from "../support/http";
import { makeClass, makeGuardian, makeTrial } from "../support/factories";
import { exitOf } from "../support/raw-http";

/**
 * The school's time zone is one setting, SCHOOL_TIME_ZONE; the server's own TZ plays no
 * part. A second server on this run's database, with the school in Kiritimati (UTC+14)
 * and the process in Pago Pago (UTC−11): 25 hours apart, and 17 from São Paulo.
 */
const SCHOOL = "Pacific/Kiritimati";
let server: RunningServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer(inject("databaseUrl"), { TZ: "Pacific/Pago_Pago", SCHOOL_TIME_ZONE: SCHOOL });
  admin = new ApiClient(server.baseUrl);
  const registered = await admin.post("/api/register", {
    name: "Administração do Fuso",
    email: uniqueEmail("admin"),
    password: "segredo123",
    userType: "Administrator",
  });
  expect(registered.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("SCHOOL_TIME_ZONE", () => {
  it("is the zone of the times shown: a status change at 12:00 UTC reads 02:00 of the next day in Kiritimati", async () => {
    const { cls } = await makeClass();
    const trial = await makeTrial(cls.id, {}, [{ status: "Agendado", changedAt: new Date("2026-11-20T12:00:00.000Z") }]);
    const res = await admin.raw("GET", `/trials/${trial.id}/history`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("21/11/2026 às 02:00");
    expect(html).not.toContain("20/11/2026 às 09:00"); // São Paulo
    expect(html).not.toContain("20/11/2026 às 01:00"); // Pago Pago, the process's TZ
  });

  it("is what 'today' is for the rules: a birth date of the school's today is accepted, its tomorrow refused", async () => {
    const { guardian } = await makeGuardian(1);
    const schoolToday = dateInTimeZone(new Date(), SCHOOL);
    const born = await admin.post("/api/students", { guardianId: guardian.id, fullName: "Bebê de Hoje", birthDate: schoolToday });
    expect([born.status, born.body.birthDate]).toEqual([201, schoolToday]);
    const tomorrow = await admin.post("/api/students", {
      guardianId: guardian.id,
      fullName: "Bebê de Amanhã",
      birthDate: addDays(schoolToday, 1),
    });
    expect([tomorrow.status, tomorrow.body.errors]).toEqual([400, { birthDate: ["Data de nascimento inválida"] }]);
  });

  it("an unknown zone stops the start with one readable line", async () => {
    const child = spawn(process.execPath, ["server.mjs"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, NODE_ENV: "production", PORT: "0", SESSION_SECRET: "x".repeat(40), SCHOOL_TIME_ZONE: "Brasil/Centro" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    expect(await exitOf(child)).not.toBe(0);
    expect(output).toContain("SCHOOL_TIME_ZONE: fuso horário desconhecido");
  });
});
