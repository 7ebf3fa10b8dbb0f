import { z } from "zod";
import { day, id, money, storedEnum, timestamp } from "../dto-fields";
import { calendarDate, EMAIL_RE, isMonth, MONTH_DOC, normalizeMonth, requiredString } from "../fields";
import { MAX_CENTS, toCents } from "../money";
import { GUARDIAN_REQUIRED } from "../students/schema";
import { BRANCH_REQUIRED } from "../branches/schema";

/**
 * Charges (issue 28): the branch's billing settings, charges (cobranças), their
 * payments and history. Amounts are integer cents inside and decimal strings
 * ("189.90") in the API; percentages are numbers with at most two decimals
 * (the arithmetic of both: `app/domain/money.ts`).
 */

// The status words and payment methods, and the payment dates' window, live in ./words.ts (no zod):
// the screens that only show a charge import them from there and download no zod.
export {
  CHARGE_STATUSES,
  OPEN,
  PAID,
  CANCELLED_CHARGE,
  OVERDUE,
  CHARGE_FILTER_STATUSES,
  PAYMENT_METHODS,
  FULL_SCHOLARSHIP,
  TEAM_BACKDATE_DAYS,
  ADMIN_BACKDATE_DAYS,
  EARLIEST_PAYMENT_DATE,
  earliestPaymentDate,
} from "./words";
import { CHARGE_STATUSES, PAYMENT_METHODS } from "./words";

export const HISTORY_EVENTS = [
  "Criada",
  "Pagamento registrado",
  "Pagamento estornado",
  "Multa e juros dispensados",
  "Cancelada",
  "Paga",
  // Money received from the bank (issue 42).
  "Pix recebido pelo banco",
  "Pago a maior",
  "Devolução solicitada",
  "Devolução não realizada",
] as const;

/** Who a charge's history and the audit trail name for what the bank did (a Pix received, a refund settled). */
export const BANK_ACTOR_NAME = "Banco";
/** Where a payment came from: typed by a clerk, or a Pix the bank confirmed. */
export const PAYMENT_SOURCES = ["manual", "bank"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
/** The bank's words for a refund (devolução) of a Pix. */
export const REFUND_STATUSES = ["EM_PROCESSAMENTO", "DEVOLVIDO", "NAO_REALIZADO"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_IN_PROCESS = "EM_PROCESSAMENTO";
export const REFUND_DONE = "DEVOLVIDO";
export const REFUND_FAILED = "NAO_REALIZADO";
/** The note of a payment recorded from a Pix the bank received. */
export function bankPaymentNote(endToEndId: string): string {
  return `Pix recebido pelo banco (E2E ${endToEndId})`;
}

/** The reason given to the charges an enrolment's cancellation cancels. */
export const ENROLLMENT_CANCELLED_REASON = "Matrícula cancelada";

// The exact messages of the issue.
export const AMOUNT_POSITIVE = "Valor deve ser maior que zero";
export const AMOUNT_OVER_DUE = "Valor maior que o devido";
export const PAID_ON_INVALID = "Data de pagamento inválida";
export const PAID_ON_FUTURE = "Data de pagamento no futuro";
export const METHOD_INVALID = "Forma de pagamento inválida";
export const REASON_REQUIRED = "Motivo é obrigatório";
export const CHARGE_ALREADY_PAID = "Cobrança já paga";
export const CHARGE_CANCELLED = "Cobrança cancelada";
export const CHARGE_HAS_PAYMENTS = "Cobrança com pagamentos: estorne-os antes";
export const PAYMENT_ALREADY_REVERSED = "Pagamento já estornado";
export const BANK_PAYMENT_REFUND_ONLY = "Pagamento recebido pelo banco: só pode ser desfeito por devolução";
export const REFUND_NOT_BANK = "Só um pagamento recebido pelo banco pode ser devolvido";
export const REFUND_ALREADY_REQUESTED = "Devolução já solicitada";
export const REFUND_NOT_DONE = "Devolução não realizada";
export const CHARGE_MONTH_INVALID = "Mês inválido";
export const PIX_KEY_INVALID = "Chave Pix inválida";
export const DUE_DAY_INVALID = "Dia de vencimento deve ser de 1 a 28";
export const FINE_INVALID = "Multa deve ser de 0 a 2%";
export const INTEREST_INVALID = "Juros devem ser de 0 a 1% ao mês";
export const PIX_KEY_MISSING = "Configure a chave Pix da unidade";
export const DESCRIPTION_REQUIRED = "Descrição é obrigatória";
export const DUE_DATE_INVALID = "Data de vencimento inválida";
export const DISCOUNT_INVALID = "Desconto deve ser de 0 a 100%";
export { GUARDIAN_REQUIRED };
// Where the issue is silent.
export const CHARGE_NOT_FOUND = "Cobrança não encontrada";
export const PAYMENT_NOT_FOUND = "Pagamento não encontrado";
export const AMOUNT_TOO_LARGE = "Valor deve ser no máximo R$ 9.999.999,99";
export const STUDENT_OTHER_FAMILY = "O aluno não pertence à família deste responsável";
export const PAYEE_NAME_REQUIRED = "Nome do recebedor é obrigatório com a chave Pix";
export const PAYEE_CITY_REQUIRED = "Cidade do recebedor é obrigatória com a chave Pix";
// Issue 39: money decisions are the Administrator's; zero is not a charge; Pix never breaks a page.
export const PAID_ON_TOO_OLD_FOR_TEAM = "Data de pagamento anterior a 7 dias: peça ao Administrador";
export const PAID_ON_TOO_OLD = "Data de pagamento anterior ao permitido";
export const NOTHING_TO_PAY = "Nada a pagar";
export const PIX_UNAVAILABLE = "Pix indisponível para esta cobrança: fale com a secretaria da escola.";
export const PAYEE_NAME_INVALID = "Nome do recebedor inválido para Pix";
export const PAYEE_CITY_INVALID = "Cidade do recebedor inválida para Pix";

/** Largest amount of one charge or payment, in cents (fits a 32-bit column with fees on top). */
export const MAX_CHARGE_CENTS = 999_999_999;

const requiredId = (message: string) => z.string({ error: message }).max(100, { error: message, abort: true }).trim().min(1, message);
const optionalText = (max: number) =>
  z
    .string({ error: "Texto inválido" })
    .max(max, `Máximo de ${max} caracteres`)
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** An amount in reais, as text ("189.90", "189,9") or a JSON number: cents, more than zero. */
export const amountField = z
  .union([z.string(), z.number()], { error: AMOUNT_POSITIVE })
  .transform((value, ctx) => {
    const cents = toCents(value);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: "custom", message: AMOUNT_POSITIVE });
      return z.NEVER;
    }
    if (cents > MAX_CHARGE_CENTS || cents > MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: AMOUNT_TOO_LARGE });
      return z.NEVER;
    }
    return cents;
  })
  .meta({ anyOf: [{ type: "number" }, { type: "string" }], description: 'Em reais: "189.90" (ou 189.9)' });

/** A percentage with at most two decimals within [0, max]: in hundredths of a percent (2% → 200). */
function percentField(max: number, message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value, ctx) => {
      // A percentage parses like an amount: two decimals, half up at the third.
      const hundredths = toCents(value);
      if (hundredths === null || hundredths < 0 || hundredths > max * 100) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return hundredths;
    })
    .meta({ anyOf: [{ type: "number", minimum: 0, maximum: max }, { type: "string" }] });
}

export const discountField = percentField(100, DISCOUNT_INVALID);

/** A month: 'YYYY-MM', or 'MM/YYYY' as typed where the browser has no month picker (read as 'YYYY-MM'). */
export const monthField = z
  .string({ error: CHARGE_MONTH_INVALID })
  .max(100, { error: CHARGE_MONTH_INVALID, abort: true })
  .trim()
  .transform((v) => normalizeMonth(v) ?? v)
  .refine(isMonth, CHARGE_MONTH_INVALID)
  .meta(MONTH_DOC);

// ---- Pix keys ----

export type PixKeyKind = "cpf" | "cnpj" | "email" | "phone" | "random";

const RANDOM_KEY_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function validCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

function validCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const check = (length: number) => {
    const weights = length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13]);
}

/**
 * A Pix key as typed, normalised and checked by its kind: a CPF or a CNPJ
 * (digits, punctuation allowed, check digits verified), an e-mail (lower
 * case), a phone '+55' with DDD and number, or a random key (a UUID). Null
 * when it is none of them.
 */
export function normalizePixKey(raw: string): { key: string; kind: PixKeyKind } | null {
  const text = raw.trim();
  if (!text || text.length > 77) return null;
  if (text.startsWith("+")) {
    const phone = "+" + text.slice(1).replace(/[\s().-]/g, "");
    return /^\+55[1-9]\d9?\d{8}$/.test(phone) ? { key: phone, kind: "phone" } : null;
  }
  if (text.includes("@")) return EMAIL_RE.test(text) ? { key: text.toLowerCase(), kind: "email" } : null;
  if (RANDOM_KEY_RE.test(text.toLowerCase())) return { key: text.toLowerCase(), kind: "random" };
  if (/^[\d.\-/\s]+$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    if (digits.length === 11 && validCpf(digits)) return { key: digits, kind: "cpf" };
    if (digits.length === 14 && validCnpj(digits)) return { key: digits, kind: "cnpj" };
  }
  return null;
}

export const pixKeyField = z
  .string({ error: PIX_KEY_INVALID })
  .max(200, { error: PIX_KEY_INVALID, abort: true })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === "") return null;
    const key = normalizePixKey(value);
    if (!key) {
      ctx.addIssue({ code: "custom", message: PIX_KEY_INVALID });
      return z.NEVER;
    }
    return key.key;
  })
  .meta({ description: "CPF, CNPJ, e-mail, telefone '+55…' ou chave aleatória; vazio ou null remove a chave" });

const dueDayField = z
  .union([z.number(), z.string()], { error: DUE_DAY_INVALID })
  .transform((value, ctx) => {
    const n = typeof value === "number" ? value : /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 28) {
      ctx.addIssue({ code: "custom", message: DUE_DAY_INVALID });
      return z.NEVER;
    }
    return n;
  })
  .meta({ anyOf: [{ type: "integer", minimum: 1, maximum: 28 }, { type: "string" }] });

/** A text a PUT may leave out: absent stays undefined (kept), blank or null is null (removed). */
const keptText = (max: number) =>
  z
    .string({ error: "Texto inválido" })
    .max(max, `Máximo de ${max} caracteres`)
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** PUT /api/branches/{id}/billing-settings: every field optional (absent keeps the stored or default value). */
export const billingSettingsSchema = z.object({
  pixKey: pixKeyField,
  payeeName: keptText(100),
  payeeCity: keptText(60),
  dueDay: dueDayField.optional(),
  finePercent: percentField(2, FINE_INVALID).optional(),
  monthlyInterestPercent: percentField(1, INTEREST_INVALID).optional(),
});
export type BillingSettingsInput = z.output<typeof billingSettingsSchema>;

/** POST /api/charges: a one-off charge (costume, festival) of a family. */
export const oneOffChargeSchema = z.object({
  guardianId: requiredId(GUARDIAN_REQUIRED),
  studentId: z.string().max(100).trim().optional().nullable(),
  branchId: requiredId(BRANCH_REQUIRED),
  description: requiredString(DESCRIPTION_REQUIRED, 200),
  amount: amountField,
  dueDate: calendarDate(DUE_DATE_INVALID),
});

/** POST /api/charges/generate: the month, and the scope (one branch; absent, null or blank: every branch). */
export const generateSchema = z.object({
  month: monthField,
  branchId: z.string().max(100).trim().optional().nullable().describe("Só esta unidade; ausente ou vazio: todas as unidades"),
});

/** POST /api/charges/{id}/payments */
export const paymentSchema = z.object({
  amount: amountField,
  paidOn: calendarDate(PAID_ON_INVALID),
  method: z.enum(PAYMENT_METHODS, { error: METHOD_INVALID }),
  note: optionalText(500),
});

/** The reason of a reversal, a cancellation or a waiver. */
export const reasonSchema = z.object({ reason: requiredString(REASON_REQUIRED, 500) });

// ---- Charge helpers (shared with the screens) ----

/** 'Mensalidade 11/2026 — Ballet' */
export function monthlyDescription(month: string, course: string): string {
  const [y, m] = month.split("-");
  return `Mensalidade ${m}/${y} — ${course}`;
}

/** The ageing buckets of what is overdue, in days late. */
export const AGEING_BUCKETS = ["1–30", "31–60", "61–90", "90+"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** The ageing bucket of an overdue family (or charge) by its days late. */
export function ageingBucket(daysLate: number): AgeingBucket {
  if (daysLate <= 30) return "1–30";
  if (daysLate <= 60) return "31–60";
  if (daysLate <= 90) return "61–90";
  return "90+";
}

/** A charge's registration at its bank as a `cobv` (issue 42), in our words. */
export const CHARGE_BANK_STATUSES = ["Pendente", "Registrada", "Falhou", "Removida", "Concluída"] as const;
export type ChargeBankStatus = (typeof CHARGE_BANK_STATUSES)[number];
/** A guardian without a CPF: the charge keeps the static Pix code. */
export const GUARDIAN_WITHOUT_CPF = "Responsável sem CPF: cobrança sem registro no banco";

// ---- Responses ----

export const billingSettingsDto = z
  .object({
    branchId: id,
    pixKey: z.string().nullable(),
    pixKeyKind: z.enum(["cpf", "cnpj", "email", "phone", "random"]).nullable(),
    payeeName: z.string().nullable(),
    payeeCity: z.string().nullable(),
    dueDay: z.number().int().min(1).max(28),
    finePercent: z.number().min(0).max(2),
    monthlyInterestPercent: z.number().min(0).max(1),
  })
  .meta({ id: "BillingSettings" });
export type BillingSettingsDTO = z.output<typeof billingSettingsDto>;

export const paymentDto = z
  .object({
    id,
    chargeId: id,
    amount: money,
    paidOn: day,
    method: storedEnum(PAYMENT_METHODS),
    note: z.string().nullable(),
    createdById: id.nullable(),
    createdByName: z.string().nullable(),
    reversedAt: timestamp.nullable(),
    reversedById: id.nullable(),
    reverseReason: z.string().nullable(),
    source: storedEnum(PAYMENT_SOURCES).describe("manual: registrado por alguém; bank: Pix confirmado pelo banco"),
    endToEndId: z.string().nullable().describe("O identificador do Pix (só pagamentos recebidos pelo banco)"),
    refund: z
      .object({ status: storedEnum(REFUND_STATUSES), reason: z.string() })
      .nullable()
      .describe("A devolução pedida ao banco: EM_PROCESSAMENTO, DEVOLVIDO (o pagamento é estornado) ou NAO_REALIZADO"),
    createdAt: timestamp,
  })
  .meta({ id: "Payment" });
export type PaymentDTO = z.output<typeof paymentDto>;

export const chargeHistoryDto = z
  .object({
    id,
    event: storedEnum(HISTORY_EVENTS),
    detail: z.string().nullable(),
    userId: id.nullable(),
    userName: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "ChargeHistoryEntry" });
export type ChargeHistoryDTO = z.output<typeof chargeHistoryDto>;

/** A charge's `cobv` at the bank (null: the branch has no bank connection). */
export const chargeBankDto = z
  .object({
    txid: z.string().nullable().describe("Nulo quando a cobrança não foi enviada ao banco (responsável sem CPF)"),
    status: storedEnum(CHARGE_BANK_STATUSES),
    revisao: z.number().int().nullable(),
    copyPaste: z.string().nullable().describe("O Pix copia e cola do banco (multa e juros calculados pelo banco no dia)"),
    lastError: z.string().nullable(),
  })
  .meta({ id: "ChargeBank" });
export type ChargeBankDTO = z.output<typeof chargeBankDto>;

export const chargeDto = z
  .object({
    id,
    code: z.string().describe("Letras e dígitos (até 25): o txid do Pix"),
    guardianId: id,
    guardianName: z.string(),
    studentId: id.nullable(),
    studentName: z.string().nullable(),
    enrollmentId: id.nullable(),
    branchId: id,
    competence: z.string().nullable().describe("AAAA-MM (só mensalidades)"),
    description: z.string(),
    amount: money,
    dueDate: day,
    status: storedEnum(CHARGE_STATUSES),
    overdue: z.boolean().describe("Aberta e vencida hoje"),
    paid: money.describe("Pagamentos não estornados"),
    amountDue: money.describe("O devido hoje, com multa e juros"),
    paidAt: timestamp.nullable(),
    feesWaived: z.boolean(),
    finePercent: z
      .number()
      .min(0)
      .max(2)
      .describe("A multa (%) em vigor quando a cobrança foi emitida: mudar as configurações da unidade não a altera"),
    monthlyInterestPercent: z
      .number()
      .min(0)
      .max(1)
      .describe("Os juros ao mês (%) em vigor quando a cobrança foi emitida: mudar as configurações da unidade não os altera"),
    waiveReason: z.string().nullable(),
    cancelReason: z.string().nullable(),
    bank: chargeBankDto.nullable().describe("A cobrança registrada no banco (cobv), ou por que não foi"),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Charge" });
export type ChargeDTO = z.output<typeof chargeDto>;

export const chargeDetailDto = chargeDto
  .extend({ payments: z.array(paymentDto), history: z.array(chargeHistoryDto) })
  .meta({ id: "ChargeDetail" });
export type ChargeDetailDTO = z.output<typeof chargeDetailDto>;

export const amountDueDto = z
  .object({
    date: day,
    principal: money.describe("O valor menos os pagamentos feitos até o vencimento"),
    fine: money,
    interest: money,
    paid: money.describe("Pagamentos até a data"),
    total: money,
  })
  .meta({ id: "AmountDue" });
export type AmountDueDTO = z.output<typeof amountDueDto>;

export const generationItemDto = z
  .object({
    enrollmentId: id,
    guardianId: id,
    guardianName: z.string(),
    studentId: id,
    studentName: z.string(),
    branchId: id,
    description: z.string(),
    amount: money,
    dueDate: day,
  })
  .meta({ id: "GenerationItem" });
export type GenerationItemDTO = z.output<typeof generationItemDto>;

export const generationBranchDto = z
  .object({ branchId: id, branchName: z.string(), count: z.number().int(), total: money })
  .meta({ id: "GenerationBranch" });
export type GenerationBranchDTO = z.output<typeof generationBranchDto>;

export const generationPreviewDto = z
  .object({
    month: z.string().describe("AAAA-MM: o pedido, ou o primeiro mês ainda não gerado do escopo quando ausente"),
    branchId: id.nullable().describe("O escopo: só esta unidade, ou null para todas as unidades"),
    count: z.number().int(),
    total: money,
    branches: z.array(generationBranchDto).describe("Uma linha por unidade (pelo nome): quantas e o total"),
    items: z.array(generationItemDto),
    fullScholarships: z
      .array(generationItemDto)
      .describe("Matrículas com 100 % de desconto: 'Bolsa integral: sem cobrança' (nada é criado)"),
  })
  .meta({ id: "GenerationPreview" });
export type GenerationPreviewDTO = z.output<typeof generationPreviewDto>;

export const generationResultDto = z
  .object({
    month: z.string(),
    branchId: id.nullable().describe("O escopo: só esta unidade, ou null para todas as unidades"),
    created: z.number().int(),
    skipped: z.number().int().describe("Já geradas antes (uma por matrícula e mês)"),
    total: money.describe("A soma das criadas"),
  })
  .meta({ id: "GenerationResult" });
export type GenerationResultDTO = z.output<typeof generationResultDto>;

export const pixDto = z
  .object({
    payload: z.string().describe("O código 'copia e cola': o do banco (cobv registrada) ou o BR Code estático"),
    txid: z.string(),
    amount: money,
    qrSvg: z.string().describe("O QR Code em SVG"),
    source: z.enum(["bank", "static"]).describe("bank: o código da cobrança registrada no banco; static: o BR Code da chave da unidade"),
  })
  .meta({ id: "Pix" });
export type PixDTO = z.output<typeof pixDto>;

export const overdueChargeDto = z.object({ id, code: z.string(), branchId: id, description: z.string(), dueDate: day, amountDue: money });

export const overdueFamilyDto = z
  .object({
    guardianId: id,
    guardianName: z.string(),
    phone: z.string().nullable(),
    total: money,
    oldestDueDate: day,
    daysLate: z.number().int(),
    bucket: z.enum(AGEING_BUCKETS),
    charges: z.array(overdueChargeDto),
  })
  .meta({ id: "OverdueFamily" });
export type OverdueFamilyDTO = z.output<typeof overdueFamilyDto>;

export const billingSummaryDto = z
  .object({
    month: z.string(),
    expected: money.describe("Soma das cobranças não canceladas com vencimento no mês"),
    received: money.describe("Pagamentos não estornados com data no mês"),
    open: money.describe("Devido hoje das cobranças abertas com vencimento no mês"),
    overdue: money.describe("Devido hoje das cobranças vencidas com vencimento no mês"),
    overdueRate: z.number().describe("Vencidas ÷ esperado, de 0 a 1"),
  })
  .meta({ id: "BillingSummary" });
export type BillingSummaryDTO = z.output<typeof billingSummaryDto>;
