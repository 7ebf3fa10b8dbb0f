import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import { makeBranch } from "../support/factories";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;
let branchId: string;
let branchName: string;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
  const branch = await makeBranch();
  branchId = branch.id;
  branchName = branch.name;
});

const valid = () => ({
  name: "Plano Mensal Ballet",
  monthlyValue: "189.90",
  checkoutLink: "https://pagamento.exemplo.com/ballet",
  branchId,
});

/** The stored value in cents, computed by the database itself. */
async function storedCents(id: string): Promise<number> {
  const [rows] = await testDb().query(`SELECT ROUND("monthlyValue" * 100) AS c FROM offers WHERE id = :id`, { replacements: { id } });
  return Number((rows as Array<{ c: number | string }>)[0].c);
}

describe("/api/offers", () => {
  it("creates (201, active by default), lists with the unit, reads, updates and deletes", async () => {
    const created = await admin.post("/api/offers", valid());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      name: "Plano Mensal Ballet",
      monthlyValue: "189.90",
      checkoutLink: "https://pagamento.exemplo.com/ballet",
      branchId,
      branchName,
      active: true,
    });
    const id = created.body.id;

    const list = await team.get("/api/offers");
    expect(list.status).toBe(200);
    expect(list.body.find((o: { id: string }) => o.id === id)).toMatchObject({ monthlyValue: "189.90", branchName });
    expect((await client.get(`/api/offers/${id}`)).body.name).toBe("Plano Mensal Ballet");

    const updated = await admin.patch(`/api/offers/${id}`, { active: false, monthlyValue: 210 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Plano Mensal Ballet", monthlyValue: "210.00", active: false });

    expect((await admin.delete(`/api/offers/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/offers/${id}`)).status).toBe(404);
  });

  it("stores DECIMAL(10,2) exactly: 189.90 stays 189.90, 0.1 + 0.2 is 0.30", async () => {
    const asText = await admin.post("/api/offers", { ...valid(), monthlyValue: "189.90" });
    expect(asText.body.monthlyValue).toBe("189.90");
    expect(await storedCents(asText.body.id)).toBe(18990);
    expect((await admin.get(`/api/offers/${asText.body.id}`)).body.monthlyValue).toBe("189.90");

    const asNumber = await admin.post("/api/offers", { ...valid(), monthlyValue: 189.9 });
    expect(asNumber.body.monthlyValue).toBe("189.90");

    const floaty = await admin.post("/api/offers", { ...valid(), monthlyValue: 0.1 + 0.2 });
    expect(floaty.status).toBe(201);
    expect(floaty.body.monthlyValue).toBe("0.30");
    expect(await storedCents(floaty.body.id)).toBe(30);

    const rounded = await admin.post("/api/offers", { ...valid(), monthlyValue: "1.005" });
    expect(rounded.body.monthlyValue).toBe("1.01");

    const max = await admin.post("/api/offers", { ...valid(), monthlyValue: "99999999.99" });
    expect(max.status).toBe(201);
    expect(max.body.monthlyValue).toBe("99999999.99");
    expect((await admin.get(`/api/offers/${max.body.id}`)).body.monthlyValue).toBe("99999999.99");

    const tooBig = await admin.post("/api/offers", { ...valid(), monthlyValue: "100000000" });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors.monthlyValue).toHaveLength(1);
  });

  it("validates with the §5 messages", async () => {
    const res = await admin.post("/api/offers", { name: "", monthlyValue: "0", checkoutLink: "não é link", branchId: "" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: ["Nome da oferta é obrigatório"],
      monthlyValue: ["Valor mensal deve ser maior que zero"],
      checkoutLink: ["Por favor, insira um link válido"],
      branchId: ["Unidade é obrigatória"],
    });
    for (const monthlyValue of [-10, "abc", "", null, "0.001"]) {
      const bad = await admin.post("/api/offers", { ...valid(), monthlyValue });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.monthlyValue).toEqual(["Valor mensal deve ser maior que zero"]);
    }
    for (const checkoutLink of ["javascript:alert(1)", "ftp://arquivos.exemplo.com", "exemplo.com"]) {
      const bad = await admin.post("/api/offers", { ...valid(), checkoutLink });
      expect(bad.body.errors.checkoutLink).toEqual(["Por favor, insira um link válido"]);
    }
    const unknownBranch = await admin.post("/api/offers", { ...valid(), branchId: "00000000-0000-4000-8000-000000000000" });
    expect(unknownBranch.status).toBe(400);
    expect(unknownBranch.body.errors.branchId).toEqual(["Unidade não encontrada"]);

    const id = (await admin.post("/api/offers", valid())).body.id;
    const patch = await admin.patch(`/api/offers/${id}`, { monthlyValue: "0", name: "" });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toEqual({ name: ["Nome da oferta é obrigatório"], monthlyValue: ["Valor mensal deve ser maior que zero"] });
    expect((await admin.patch(`/api/offers/${id}`, { branchId: "not-a-uuid" })).status).toBe(400);
    expect((await admin.get(`/api/offers/${id}`)).body).toMatchObject({ name: "Plano Mensal Ballet", monthlyValue: "189.90", branchId });
  });

  it("is administrator-only for changes: 401 signed out, 403 for Team and Client, nothing written", async () => {
    const before = await count("offers");
    expect((await anonymous().get("/api/offers")).status).toBe(401);
    expect((await anonymous().post("/api/offers", valid())).status).toBe(401);
    expect((await team.post("/api/offers", valid())).status).toBe(403);
    expect((await client.post("/api/offers", valid())).status).toBe(403);
    const id = (await admin.post("/api/offers", { ...valid(), name: "Protegida" })).body.id;
    expect((await team.patch(`/api/offers/${id}`, { name: "X" })).status).toBe(403);
    expect((await client.patch(`/api/offers/${id}`, { monthlyValue: "1" })).status).toBe(403);
    expect((await team.delete(`/api/offers/${id}`)).status).toBe(403);
    expect((await client.delete(`/api/offers/${id}`)).status).toBe(403);
    expect(await count("offers")).toBe(before + 1);
    expect((await admin.get(`/api/offers/${id}`)).body).toMatchObject({ name: "Protegida", monthlyValue: "189.90" });
  });

  it("answers 404 for unknown and malformed ids, 415 for non-JSON, 400 for malformed JSON", async () => {
    expect((await admin.get("/api/offers/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await admin.patch("/api/offers/00000000-0000-4000-8000-000000000000", { name: "X" })).status).toBe(404);
    expect((await admin.delete("/api/offers/nope")).status).toBe(404);
    expect((await admin.request("POST", "/api/offers", "name=X", { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(
      415,
    );
    expect(
      (await admin.request("PATCH", "/api/offers/00000000-0000-4000-8000-000000000000", "{bad", { "Content-Type": "application/json" }))
        .status,
    ).toBe(400);
  });
});

describe("/offers screens without JavaScript", () => {
  it("creates through the dialog form with PRG, a flash toast and the BRL value", async () => {
    const res = await admin.form("/offers/new", {
      name: "Oferta Formulário",
      monthlyValue: "189.90",
      checkoutLink: "https://pagamento.exemplo.com/form",
      branchId,
      active: "on",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/offers");
    const page = await (await admin.raw("GET", "/offers")).text();
    expect(page).toContain("Oferta criada com sucesso");
    expect(page).toContain("Oferta Formulário");
    expect(page).toContain("R$ 189,90");
    expect(page).toMatch(/target="_blank" rel="noopener noreferrer"/);
  });

  it("re-renders the dialog with the messages (400)", async () => {
    const res = await admin.form("/offers/new", { name: "", monthlyValue: "0", checkoutLink: "x", branchId: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const m of [
      "Nome da oferta é obrigatório",
      "Valor mensal deve ser maior que zero",
      "Por favor, insira um link válido",
      "Unidade é obrigatória",
    ]) {
      expect(html).toContain(m);
    }
  });

  it("refuses the dialogs to Client (403)", async () => {
    expect((await client.raw("GET", "/offers/new")).status).toBe(403);
    expect((await client.form("/offers/new", { ...valid() })).status).toBe(403);
  });
});
