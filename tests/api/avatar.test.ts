import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, ApiClient, signIn, type Json } from "../support/http";
import { count } from "../support/db";
import { makeUser } from "../support/factories";

// The server of tests/support/server.ts signs with this secret.
const TEST_SECRET = "test-secret-test-secret-test-secret-1234";
const MAX = 5_242_880;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0rest-of-jpeg")]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 rest-of-webp")]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
const HTML = Buffer.from("<!doctype html><html><script>alert(document.cookie)</script></html>");
const TEXT = Buffer.from("só um arquivo de texto renomeado para foto.png");

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

async function issue(who: ApiClient = admin): Promise<string> {
  const res = await who.post("/api/objects/upload");
  expect(res.status).toBe(200);
  return res.body.uploadURL;
}

/** The raw PUT of §7: the bytes as the body, no multipart, no cookie needed. */
async function putFile(uploadURL: string, body: BodyInit, type = "image/png", extra: RequestInit = {}) {
  const res = await fetch(admin.baseUrl + uploadURL, { method: "PUT", body, headers: { "Content-Type": type }, ...extra });
  const text = await res.text();
  let json: Json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json };
}

const storedObjects = () => count("uploads", '"completedAt" IS NOT NULL');

describe("POST /api/objects/upload", () => {
  it("gives an administrator a signed, single-use URL on this server", async () => {
    const url = await issue();
    expect(url).toMatch(/^\/api\/objects\/upload\/[0-9a-f-]{36}\.\d+\.[\w-]+$/);
    const [, exp] = url.slice("/api/objects/upload/".length).split(".");
    const minutes = (Number(exp) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it("is 401 signed out and 403 for Team and Client (no URL issued)", async () => {
    const before = await count("uploads");
    expect((await anonymous().post("/api/objects/upload")).status).toBe(401);
    expect((await team.post("/api/objects/upload")).status).toBe(403);
    expect((await client.post("/api/objects/upload")).status).toBe(403);
    expect(await count("uploads")).toBe(before);
    expect((await admin.request("GET", "/api/objects/upload")).status).toBe(405);
  });
});

describe("PUT to the upload URL", () => {
  it("stores PNG, JPEG, GIF and WebP (judged by their bytes) and serves them with a fixed type, nosniff and caching", async () => {
    for (const [bytes, type] of [
      [PNG, "image/png"],
      [JPEG, "image/jpeg"],
      [GIF, "image/gif"],
      [WEBP, "image/webp"],
    ] as const) {
      // A wrong declared type does not matter: the bytes decide.
      const put = await putFile(await issue(), bytes, "application/octet-stream");
      expect(put.status).toBe(200);
      expect(put.body.objectPath).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
      const file = await admin.raw("GET", put.body.objectPath);
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toBe(type);
      expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(file.headers.get("Cache-Control")).toMatch(/max-age=\d+/);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it("serves files only to signed-in users; unknown ids are 404", async () => {
    const put = await putFile(await issue(), PNG);
    expect((await anonymous().raw("GET", put.body.objectPath)).status).toBe(401);
    expect((await team.raw("GET", put.body.objectPath)).status).toBe(200);
    expect((await admin.raw("GET", "/uploads/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("serves a Client its own avatar only (another's image is a 404, as another family's records)", async () => {
    const put = await putFile(await issue(), PNG);
    expect((await client.raw("GET", put.body.objectPath)).status).toBe(404);
    expect((await admin.put(`/api/users/${client.user!.id}/avatar`, { avatarUrl: put.body.objectPath })).status).toBe(200);
    expect((await client.raw("GET", put.body.objectPath)).status).toBe(200);
    expect((await client.raw("GET", put.body.objectPath.toUpperCase().replace("/UPLOADS/", "/uploads/"))).status).toBe(200);
    const other = await putFile(await issue(), PNG);
    const someone = await signIn("Client");
    expect((await admin.put(`/api/users/${someone.user!.id}/avatar`, { avatarUrl: other.body.objectPath })).status).toBe(200);
    expect((await someone.raw("GET", other.body.objectPath)).status).toBe(200);
    expect((await client.raw("GET", other.body.objectPath)).status).toBe(404);
    expect((await team.raw("GET", other.body.objectPath)).status).toBe(200);
    expect((await admin.raw("GET", "/uploads/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });

  it("refuses SVG, HTML and a text file renamed as an image (415), and an empty body (400); nothing stored", async () => {
    const before = await storedObjects();
    for (const [bytes, type] of [
      [SVG, "image/svg+xml"],
      [HTML, "text/html"],
      [TEXT, "image/png"],
    ] as const) {
      const res = await putFile(await issue(), bytes, type);
      expect(res.status, type).toBe(415);
      expect(res.body.message).toBe("Arquivo inválido: envie uma imagem PNG, JPEG, WebP ou GIF");
    }
    expect((await putFile(await issue(), new Uint8Array())).status).toBe(400);
    expect(await storedObjects()).toBe(before);
  });

  it("refuses more than 5242880 bytes with 413, declared or streamed; exactly 5242880 is accepted", async () => {
    const before = await storedObjects();
    const big = Buffer.alloc(MAX + 1);
    PNG.copy(big);
    const declared = await putFile(await issue(), big);
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe("Arquivo muito grande: o limite é de 5 MB (5242880 bytes)");

    // Without Content-Length (chunked), the cap applies while reading.
    const chunk = Buffer.alloc(1024 * 1024);
    PNG.copy(chunk);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX + chunk.length) return controller.close();
        controller.enqueue(sent === 0 ? chunk : Buffer.alloc(chunk.length));
        sent += chunk.length;
      },
    });
    const streamed = await putFile(await issue(), stream as unknown as BodyInit, "image/png", { duplex: "half" } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await storedObjects()).toBe(before);

    const exact = Buffer.alloc(MAX);
    PNG.copy(exact);
    expect((await putFile(await issue(), exact)).status).toBe(200);
  });

  it("is single use: a second PUT to the same URL is refused (409)", async () => {
    const url = await issue();
    expect((await putFile(url, PNG)).status).toBe(200);
    const again = await putFile(url, PNG);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Este link de upload já foi utilizado. Solicite um novo link.");
  });

  it("a refused file does not use the URL up: it stays usable until a valid file arrives", async () => {
    const url = await issue();
    expect((await putFile(url, SVG, "image/svg+xml")).status).toBe(415);
    expect((await putFile(url, Buffer.alloc(0))).status).toBe(400);
    const tooLarge = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(tooLarge);
    expect((await putFile(url, tooLarge)).status).toBe(413);
    const accepted = await putFile(url, PNG);
    expect(accepted.status).toBe(200);
    expect(accepted.body.objectPath).toMatch(/^\/uploads\//);
    expect((await putFile(url, PNG)).status).toBe(409);
  });

  it("refuses expired (410) and tampered or unknown (403) URLs", async () => {
    const url = await issue();
    const [id] = url.slice("/api/objects/upload/".length).split(".");
    const past = Date.now() - 1000;
    const sig = createHmac("sha256", TEST_SECRET).update(`upload:${id}.${past}`).digest("base64url");
    const expired = await putFile(`/api/objects/upload/${id}.${past}.${sig}`, PNG);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe("A solicitação de upload expirou. Solicite um novo link.");

    const future = Date.now() + 10 * 60_000;
    const forgedSig = createHmac("sha256", "another-secret").update(`upload:${id}.${future}`).digest("base64url");
    expect((await putFile(`/api/objects/upload/${id}.${future}.${forgedSig}`, PNG)).status).toBe(403);
    const longer = url.replace(/\.(\d+)\./, (_, exp) => `.${Number(exp) + 3_600_000}.`);
    expect((await putFile(longer, PNG)).status).toBe(403);
    expect((await putFile("/api/objects/upload/nada", PNG)).status).toBe(403);
    // Validly signed but never issued.
    const ghost = "00000000-0000-4000-8000-000000000000";
    const ghostSig = createHmac("sha256", TEST_SECRET).update(`upload:${ghost}.${future}`).digest("base64url");
    expect((await putFile(`/api/objects/upload/${ghost}.${future}.${ghostSig}`, PNG)).status).toBe(403);
    // The real URL is still good.
    expect((await putFile(url, PNG)).status).toBe(200);
  });

  it("refuses a cross-site PUT", async () => {
    const res = await putFile(await issue(), PNG, "image/png", {
      headers: { "Content-Type": "image/png", Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });
});

describe("PUT /api/users/{id}/avatar", () => {
  it("sets an avatar this server stored; the user (and the signed-in user's own data) carries it", async () => {
    const target = await signIn("Team", "Aluna com Foto");
    const { objectPath } = (await putFile(await issue(), PNG)).body;
    const res = await admin.put(`/api/users/${target.user!.id}/avatar`, { avatarUrl: objectPath });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.user!.id, avatarUrl: objectPath });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect((await target.get("/api/user")).body.avatarUrl).toBe(objectPath);
    expect((await admin.get(`/api/users/${target.user!.id}`)).body.avatarUrl).toBe(objectPath);
    const cleared = await admin.put(`/api/users/${target.user!.id}/avatar`, { avatarUrl: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.avatarUrl).toBeNull();
  });

  it("refuses URLs this server did not issue (400), on this route and on PATCH", async () => {
    const user = await makeUser();
    for (const avatarUrl of [
      "https://evil.example/x.png",
      "/uploads/00000000-0000-4000-8000-000000000000",
      "javascript:alert(1)",
      "/uploads/../../etc/passwd",
    ]) {
      const res = await admin.put(`/api/users/${user.id}/avatar`, { avatarUrl });
      expect(res.status, avatarUrl).toBe(400);
      expect(res.body.errors.avatarUrl).toEqual(["Avatar inválido: use uma imagem enviada pelo upload do sistema"]);
      expect((await admin.patch(`/api/users/${user.id}`, { avatarUrl })).status).toBe(400);
    }
    expect((await admin.put(`/api/users/${user.id}/avatar`, {})).status).toBe(400);
    expect((await admin.get(`/api/users/${user.id}`)).body.avatarUrl).toBeNull();
    const { objectPath } = (await putFile(await issue(), PNG)).body;
    expect((await admin.patch(`/api/users/${user.id}`, { avatarUrl: objectPath })).body.avatarUrl).toBe(objectPath);
  });

  it("is 401 signed out, 403 for Team and Client (nothing changed), 404 unknown, 415 non-JSON, 400 malformed JSON", async () => {
    const user = await makeUser();
    const { objectPath } = (await putFile(await issue(), PNG)).body;
    expect((await anonymous().put(`/api/users/${user.id}/avatar`, { avatarUrl: objectPath })).status).toBe(401);
    expect((await team.put(`/api/users/${user.id}/avatar`, { avatarUrl: objectPath })).status).toBe(403);
    expect((await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: objectPath })).status).toBe(403);
    expect((await team.put(`/api/users/${team.user!.id}/avatar`, { avatarUrl: objectPath })).status).toBe(403);
    expect((await admin.get(`/api/users/${user.id}`)).body.avatarUrl).toBeNull();
    expect((await admin.put("/api/users/00000000-0000-4000-8000-000000000000/avatar", { avatarUrl: objectPath })).status).toBe(404);
    expect((await admin.put("/api/users/xyz/avatar", { avatarUrl: objectPath })).status).toBe(404);
    expect(
      (await admin.request("PUT", `/api/users/${user.id}/avatar`, `avatarUrl=${objectPath}`, { "Content-Type": "text/plain" })).status,
    ).toBe(415);
    expect(
      (await admin.request("PUT", `/api/users/${user.id}/avatar`, '{"avatarUrl":', { "Content-Type": "application/json" })).status,
    ).toBe(400);
  });
});

describe("PUT /api/users/{id}/avatar with the uploadURL, as the §7 client does it", () => {
  /** §7: POST for an uploadURL, PUT the file there without reading the answer. */
  async function uploadLikeSpecClient(bytes: Buffer = PNG): Promise<string> {
    const uploadURL = await issue();
    const res = await fetch(admin.baseUrl + uploadURL, {
      method: "PUT",
      body: new Uint8Array(bytes),
      headers: { "Content-Type": "image/png" },
    });
    await res.body?.cancel();
    return uploadURL;
  }

  it("accepts the uploadURL as avatarUrl, answers and stores the object's path, which serves the PNG", async () => {
    const user = await makeUser();
    const uploadURL = await uploadLikeSpecClient();
    const res = await admin.put(`/api/users/${user.id}/avatar`, { avatarUrl: uploadURL });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect(res.body.avatarUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    expect((await admin.get(`/api/users/${user.id}`)).body.avatarUrl).toBe(res.body.avatarUrl);
    const file = await admin.raw("GET", res.body.avatarUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("Content-Length")).toBe(String(PNG.length));
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    // The same URL on PATCH /api/users/{id} names the same object.
    const patched = await admin.patch(`/api/users/${user.id}`, { avatarUrl: uploadURL });
    expect(patched.status).toBe(200);
    expect(patched.body.avatarUrl).toBe(res.body.avatarUrl);
  });

  it("accepts an absolute uploadURL or object path only on the request's own origin", async () => {
    const user = await makeUser();
    const uploadURL = await uploadLikeSpecClient();
    const own = await admin.put(`/api/users/${user.id}/avatar`, { avatarUrl: admin.baseUrl + uploadURL });
    expect(own.status).toBe(200);
    expect(own.body.avatarUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    const path = own.body.avatarUrl;
    expect((await admin.put(`/api/users/${user.id}/avatar`, { avatarUrl: admin.baseUrl + path })).body.avatarUrl).toBe(path);

    const other = await makeUser();
    const port = new URL(admin.baseUrl).port;
    for (const avatarUrl of [
      `https://evil.example${uploadURL}`,
      `http://evil.example:${port}${path}`,
      // The same server under another name is still another origin.
      `http://localhost:${port}${uploadURL}`,
      `https://127.0.0.1:${port}${uploadURL}`,
      `${admin.baseUrl}${uploadURL}?x=1`,
      `${admin.baseUrl}${uploadURL}#x`,
      `http://user:pw@${new URL(admin.baseUrl).host}${uploadURL}`,
      `//${new URL(admin.baseUrl).host}${uploadURL}`,
    ]) {
      const res = await admin.put(`/api/users/${other.id}/avatar`, { avatarUrl });
      expect(res.status, avatarUrl).toBe(400);
      expect(res.body.errors.avatarUrl).toEqual(["Avatar inválido: use uma imagem enviada pelo upload do sistema"]);
    }
    expect((await admin.get(`/api/users/${other.id}`)).body.avatarUrl).toBeNull();
  });

  it("refuses an uploadURL whose upload did not complete, was refused, or that this server never issued", async () => {
    const user = await makeUser();
    const notUploaded = await issue();
    const refused = await issue();
    expect((await putFile(refused, SVG, "image/svg+xml")).status).toBe(415);
    const textFile = await issue();
    expect((await putFile(textFile, TEXT, "image/png")).status).toBe(415);
    const tooLarge = await issue();
    const big = Buffer.alloc(MAX + 1);
    PNG.copy(big);
    expect((await putFile(tooLarge, big)).status).toBe(413);

    const good = await uploadLikeSpecClient();
    const token = good.slice("/api/objects/upload/".length);
    const [id, exp] = token.split(".");
    const future = Date.now() + 10 * 60_000;
    const ghost = "00000000-0000-4000-8000-000000000000";
    const ghostSig = createHmac("sha256", TEST_SECRET).update(`upload:${ghost}.${future}`).digest("base64url");
    const forgedSig = createHmac("sha256", "another-secret").update(`upload:${id}.${exp}`).digest("base64url");
    for (const avatarUrl of [
      notUploaded,
      refused,
      textFile,
      tooLarge,
      `/api/objects/upload/${id}.${exp}.${forgedSig}`,
      `/api/objects/upload/${id}.${Number(exp) + 1}.${token.split(".")[2]}`,
      `/api/objects/upload/${ghost}.${future}.${ghostSig}`,
      "/api/objects/upload/nada",
      `/api/objects/upload/${token}/x`,
      `/api/objects/upload/../../uploads/${id}`,
    ]) {
      const res = await admin.put(`/api/users/${user.id}/avatar`, { avatarUrl });
      expect(res.status, avatarUrl).toBe(400);
      expect(res.body.errors.avatarUrl).toEqual(["Avatar inválido: use uma imagem enviada pelo upload do sistema"]);
      expect((await admin.patch(`/api/users/${user.id}`, { avatarUrl })).status, avatarUrl).toBe(400);
    }
    expect((await admin.get(`/api/users/${user.id}`)).body.avatarUrl).toBeNull();
    // The completed one is still good.
    expect((await admin.put(`/api/users/${user.id}/avatar`, { avatarUrl: good })).status).toBe(200);
  });
});

describe("avatar without JavaScript: multipart post of the edit form", () => {
  async function postEdit(id: string, file: Blob | null, fileName = "foto.png") {
    const user = (await admin.get(`/api/users/${id}`)).body;
    const form = new FormData();
    form.append("name", user.name);
    form.append("email", user.email);
    form.append("password", "");
    form.append("userType", user.userType);
    form.append("cpf", "");
    form.append("avatar", file ?? new Blob([]), file ? fileName : "");
    return admin.raw("POST", `/users/${id}/edit`, { body: form, headers: { Origin: admin.baseUrl } });
  }

  it("stores the image through the same checks and sets it as the avatar", async () => {
    const user = await makeUser();
    const res = await postEdit(user.id, new Blob([PNG], { type: "image/png" }));
    expect(res.status).toBe(302);
    const avatarUrl = (await admin.get(`/api/users/${user.id}`)).body.avatarUrl;
    expect(avatarUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    const file = await admin.raw("GET", avatarUrl);
    expect(file.headers.get("Content-Type")).toBe("image/png");
  });

  it("an empty file input keeps the current avatar", async () => {
    const user = await makeUser();
    await postEdit(user.id, new Blob([PNG], { type: "image/png" }));
    const before = (await admin.get(`/api/users/${user.id}`)).body.avatarUrl;
    expect((await postEdit(user.id, null)).status).toBe(302);
    expect((await admin.get(`/api/users/${user.id}`)).body.avatarUrl).toBe(before);
  });

  it("refuses an SVG renamed to .png (415) and a file over 5242880 bytes (413), with the message and nothing changed", async () => {
    const user = await makeUser();
    const before = await storedObjects();
    const svg = await postEdit(user.id, new Blob([SVG], { type: "image/png" }), "foto.png");
    expect(svg.status).toBe(415);
    expect(await svg.text()).toContain("Arquivo inválido ou muito grande.");
    const big = Buffer.alloc(MAX + 1);
    PNG.copy(big);
    const large = await postEdit(user.id, new Blob([big], { type: "image/png" }));
    expect(large.status).toBe(413);
    expect(await large.text()).toContain("Arquivo inválido ou muito grande.");
    expect((await admin.get(`/api/users/${user.id}`)).body.avatarUrl).toBeNull();
    expect(await storedObjects()).toBe(before);
  });
});
