import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { makeCourse } from "../support/factories";

/**
 * Signed-in answers hold personal data: none may stay in a shared computer's
 * browser cache after "Sair". Static assets keep their long cache.
 */
let admin: ApiClient;

beforeAll(async () => {
  admin = await signIn("Administrator", "Administradora Cache");
});

async function cacheControl(client: ApiClient, method: string, path: string, body?: object) {
  const res = await client.raw(method, path, body ? { body } : {});
  await res.arrayBuffer();
  return { status: res.status, value: res.headers.get("Cache-Control") };
}

describe("Cache-Control: no-store on signed-in answers", () => {
  it.each([
    ["the dashboard", "/"],
    ["a list screen", "/users"],
    ["a dialog screen", "/users/new"],
    ["the guardians screen (CPFs, phones)", "/guardians"],
    ["a 404 page", "/nao-existe"],
  ])("HTML: %s", async (_, path) => {
    const { status, value } = await cacheControl(admin, "GET", path);
    expect(status).toBeLessThan(500);
    expect(value).toBe("no-store");
  });

  it.each([
    ["the root data", "/_root.data"],
    ["a list's data", "/users.data"],
    ["the guardians' data", "/guardians.data"],
  ])(".data: %s", async (_, path) => {
    const { status, value } = await cacheControl(admin, "GET", path);
    expect(status).toBe(200);
    expect(value).toBe("no-store");
  });

  it("/api: reads, writes, 204s and errors", async () => {
    expect(await cacheControl(admin, "GET", "/api/user")).toEqual({ status: 200, value: "no-store" });
    expect(await cacheControl(admin, "GET", "/api/users")).toEqual({ status: 200, value: "no-store" });
    expect(await cacheControl(admin, "GET", "/api/guardians")).toEqual({ status: 200, value: "no-store" });
    const course = await makeCourse();
    expect(await cacheControl(admin, "DELETE", `/api/courses/${course.id}`)).toEqual({ status: 204, value: "no-store" });
    expect(await cacheControl(admin, "GET", `/api/courses/${course.id}`)).toEqual({ status: 404, value: "no-store" });
    expect(await cacheControl(anonymous(), "GET", "/api/user")).toEqual({ status: 401, value: "no-store" });
  });

  it("a form post answered with data, and the sign-in page itself", async () => {
    const res = await admin.form("/users/new.data", { name: "" });
    await res.arrayBuffer();
    expect(res.status).toBe(400);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect((await cacheControl(anonymous(), "GET", "/auth")).value).toBe("no-store");
  });

  it("static /assets keep their long, immutable cache", async () => {
    const html = await (await admin.raw("GET", "/")).text();
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await admin.raw("GET", asset!);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    const value = res.headers.get("Cache-Control") ?? "";
    expect(value).toMatch(/max-age=31536000/);
    expect(value).toContain("immutable");
    expect(value).not.toContain("no-store");
  });

  it("the files at the client build's root keep an hour's cache; a missing asset is the app's 404", async () => {
    const icon = await admin.raw("GET", "/favicon.svg");
    await icon.arrayBuffer();
    expect(icon.status).toBe(200);
    expect(icon.headers.get("Cache-Control")).toMatch(/max-age=3600\b/);
    const missing = await admin.raw("GET", "/assets/nao-existe-0000.js");
    await missing.arrayBuffer();
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("no-store");
  });
});
