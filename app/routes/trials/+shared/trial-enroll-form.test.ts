import { describe, expect, it } from "vitest";
import { trialEnrollFormSchema } from "./trial-enroll-form";

const base = { studentName: "Lia", offerId: "offer-1", startDate: "2030-07-03" };
const person = { fullName: "Marta", cpf: "123.456.789-01", email: "Marta@Exemplo.com", birthDate: "1985-04-12", phone: "(11) 98765-4321" };

describe("trialEnrollFormSchema", () => {
  it("an existing guardian gives `guardianId`; the student's blank birth date is none", () => {
    const parsed = trialEnrollFormSchema.parse({ ...base, family: "existing", guardianId: "g-1", birthDate: "" });
    expect(parsed).toEqual({
      guardianId: "g-1",
      studentName: "Lia",
      birthDate: null,
      offerId: "offer-1",
      startDate: "2030-07-03",
      waitlist: false,
    });
  });

  it("a new guardian gives the API's `guardian` (the person primary, CPF and phone as digits), ignoring a stray guardianId", () => {
    const parsed = trialEnrollFormSchema.parse({
      ...base,
      family: "new",
      guardianId: "g-1",
      waitlist: "on",
      guardian: { address: "Rua A, 1", person },
    });
    expect(parsed).toEqual({
      guardian: {
        address: "Rua A, 1",
        persons: [{ ...person, cpf: "12345678901", email: "marta@exemplo.com", phone: "11987654321", isPrimary: true }],
      },
      studentName: "Lia",
      birthDate: null,
      offerId: "offer-1",
      startDate: "2030-07-03",
      waitlist: true,
    });
  });

  it("puts each message on its field, the guardian's under `guardian.`", () => {
    const result = trialEnrollFormSchema.safeParse({
      family: "new",
      birthDate: "2018-02-30",
      startDate: "x",
      guardian: { person: { ...person, cpf: "1" } },
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      studentName: "Nome do aluno é obrigatório",
      birthDate: "Data de nascimento inválida",
      offerId: "Oferta é obrigatória",
      startDate: "Data de início inválida",
      "guardian.address": "Endereço é obrigatório",
      "guardian.person.cpf": "CPF deve conter exatamente 11 dígitos",
    });
    const empty = trialEnrollFormSchema.safeParse({ ...base, family: "new" });
    expect(empty.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["guardian.address", "Endereço é obrigatório"],
      ["guardian.person", "Adicione pelo menos uma pessoa completa: faltam Nome completo, CPF, E-mail, Data de nascimento e Telefone"],
    ]);
    // The group message names what the person lacks.
    const partial = trialEnrollFormSchema.safeParse({
      ...base,
      family: "new",
      guardian: {
        address: "Rua A, 1",
        person: { fullName: "Marta", cpf: "123.456.789-01", email: "", birthDate: "", phone: "11987654321" },
      },
    });
    expect(partial.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["guardian.person", "Adicione pelo menos uma pessoa completa: faltam E-mail e Data de nascimento"],
    ]);
    const none = trialEnrollFormSchema.safeParse({ ...base, family: "existing" });
    expect(none.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["guardianId", "Escolha um responsável existente ou cadastre um novo"],
    ]);
  });
});
