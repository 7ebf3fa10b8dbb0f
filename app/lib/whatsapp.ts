import { onlyDigits } from "./format";

/**
 * WhatsApp links with a message typed for the family (wa.me's `text`): the
 * payment link after an enrolment, the waiting list, a seat that opened.
 */

/** https://wa.me/55<digits>?text=<message>: the WhatsApp chat with the message typed (a number stored with 55 keeps it once). */
export function whatsappLink(phone: string, text: string): string {
  const digits = onlyDigits(phone);
  const full = digits.startsWith("55") && digits.length > 11 ? digits : `55${digits}`;
  return `https://wa.me/${full}?text=${encodeURIComponent(text)}`;
}

function greeting(guardianName: string): string {
  const first = guardianName.trim().split(/\s+/)[0] ?? "";
  return first ? `Olá, ${first}!` : "Olá!";
}

/** The short message after an enrolment: the payment link, or (on the waiting list) no link, only the wait. */
export function paymentMessage(r: {
  guardianName: string;
  studentName: string;
  classLabel: string;
  checkoutLink: string;
  waitlisted: boolean;
}): string {
  if (r.waitlisted) {
    return `${greeting(r.guardianName)} ${r.studentName} está na lista de espera da turma ${r.classLabel}; avisaremos quando abrir uma vaga.`;
  }
  return `${greeting(r.guardianName)} A matrícula de ${r.studentName} na turma ${r.classLabel} foi realizada. Para concluir, acesse o link de pagamento: ${r.checkoutLink}`;
}

/** The message to a family whose pupil left the waiting list: the seat, from when, and the payment link. */
export function seatMessage(r: {
  guardianName: string;
  studentName: string;
  classLabel: string;
  startDate: string;
  checkoutLink: string;
}): string {
  return (
    `${greeting(r.guardianName)} Abriu uma vaga para ${r.studentName} na turma ${r.classLabel}, a partir de ${r.startDate}. ` +
    `Para garantir a vaga, acesse o link de pagamento: ${r.checkoutLink}`
  );
}

/** The follow-up message of a trial's task ('Minhas tarefas'): after the trial class, about enrolling. */
export function followUpMessage(r: { guardianName: string; studentName: string }): string {
  return `${greeting(r.guardianName)} Tudo bem? Como foi a aula experimental de ${r.studentName}? Podemos ajudar com a matrícula?`;
}

/**
 * A private, polite reminder of what a family owes: its overdue charges, the
 * total due today and, when the branch has a Pix key, the 'copia e cola' code.
 */
export function overdueMessage(r: {
  guardianName: string;
  charges: ReadonlyArray<{ description: string; dueDate: string; amount: string }>;
  total: string;
  pixCode: string | null;
}): string {
  const lines = r.charges.map((c) => `• ${c.description} (venc. ${c.dueDate}): ${c.amount}`);
  return [
    `${greeting(r.guardianName)} Tudo bem? Consta em aberto:`,
    ...lines,
    `Total hoje: ${r.total}.`,
    r.pixCode ? `Pix copia e cola: ${r.pixCode}` : null,
    "Se já pagou, por favor desconsidere. Qualquer dúvida, estamos à disposição.",
  ]
    .filter(Boolean)
    .join("\n");
}
