import { describe, expect, it } from "vitest";
import { paymentMessage, trialEnrollFormSchema, whatsappLink } from "./trial-enroll-form";

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
      ["guardian.person", "Adicione pelo menos uma pessoa completa"],
    ]);
    const none = trialEnrollFormSchema.safeParse({ ...base, family: "existing" });
    expect(none.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["guardianId", "Escolha um responsável existente ou cadastre um novo"],
    ]);
  });
});

describe("the payment message", () => {
  it("names the student, the class and the link, and is encoded into the wa.me link", () => {
    const text = paymentMessage({
      guardianName: "Marta Nogueira",
      studentName: "Lia",
      classLabel: "Ballet - Turma 3 (Centro)",
      checkoutLink: "https://pag.example/x?a=1&b=2",
      waitlisted: false,
    });
    expect(text).toBe(
      "Olá, Marta! A matrícula de Lia na turma Ballet - Turma 3 (Centro) foi realizada. Para concluir, acesse o link de pagamento: https://pag.example/x?a=1&b=2",
    );
    const url = new URL(whatsappLink("11987654321", text));
    expect(url.origin + url.pathname).toBe("https://wa.me/5511987654321");
    expect(url.searchParams.get("text")).toBe(text);
    expect(paymentMessage({ guardianName: "", studentName: "Lia", classLabel: "T", checkoutLink: "L", waitlisted: true })).toBe(
      "Olá! Lia está na lista de espera da turma T; avisaremos quando abrir uma vaga. Link de pagamento: L",
    );
  });
});
