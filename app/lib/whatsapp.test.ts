import { describe, expect, it } from "vitest";
import { paymentMessage, seatMessage, whatsappLink } from "./whatsapp";

describe("WhatsApp messages", () => {
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
    expect(new URL(whatsappLink("(11) 98765-4321", "x")).pathname).toBe("/5511987654321");
    expect(new URL(whatsappLink("5511987654321", "x")).pathname).toBe("/5511987654321");
  });

  it("sends no payment link to a family on the waiting list", () => {
    expect(paymentMessage({ guardianName: "", studentName: "Lia", classLabel: "T", checkoutLink: "L", waitlisted: true })).toBe(
      "Olá! Lia está na lista de espera da turma T; avisaremos quando abrir uma vaga.",
    );
  });

  it("tells a promoted pupil's family about the seat, from when, with the payment link", () => {
    expect(
      seatMessage({
        guardianName: "Helena Oliveira",
        studentName: "Lia",
        classLabel: "Ballet - Turma 3",
        startDate: "30/11/2026",
        checkoutLink: "L",
      }),
    ).toBe(
      "Olá, Helena! Abriu uma vaga para Lia na turma Ballet - Turma 3, a partir de 30/11/2026. Para garantir a vaga, acesse o link de pagamento: L",
    );
  });
});
