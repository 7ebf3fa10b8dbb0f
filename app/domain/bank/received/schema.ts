import { z } from "zod";
import { day, id, money, timestamp } from "../../dto-fields";
import { requiredString } from "../../fields";
import { REASON_REQUIRED } from "../../charges/schema";

/**
 * Money received from the bank (issue 42): the Pix webhook's body, the
 * 'Conciliação' screen's lists and the commands' inputs. The webhook's body
 * is the API Pix standard's (`{ pix: [...] }`); it is a hint only: each Pix
 * is read back from the bank before anything is recorded.
 */

export const PIX_WITHOUT_CHARGE = "Pix sem cobrança";
export const OVERPAID = "Pago a maior";
export const PAID_TWICE = "Baixa manual e Pix no banco";
export const PIX_NOT_FOUND = "Pix não encontrado";
export const PIX_ALREADY_LINKED = "Pix já vinculado a uma cobrança";
export const CHARGE_REQUIRED = "Cobrança é obrigatória";
export const WEBHOOK_INVALID = "Notificação Pix inválida";
export const PIX_VALOR_INVALID = "Valor do Pix inválido";
export const PIX_HORARIO_INVALID = "Horário do Pix inválido";
export const REFUND_REQUESTED = "Devolução solicitada";
/** The answer to a webhook call whose branch or secret is wrong: the same words as an unknown address. */
export const WEBHOOK_NOT_FOUND = "Rota não encontrada";

/** The inbox's outcomes. */
export const RECORDED = "recorded";
export const NO_CHARGE = "no-charge";
export const DUPLICATE = "duplicate";

/** A Pix's end-to-end id (32 letters and digits in the standard; up to 35 kept). */
const endToEndId = z.string({ error: WEBHOOK_INVALID }).regex(/^[a-zA-Z0-9]{1,35}$/, { error: WEBHOOK_INVALID });

/** One Pix of the webhook's body (the standard's `Pix`): `valor` "189.90", `horario` an ISO 8601 instant. */
export const webhookPixSchema = z.object({
  endToEndId,
  txid: z
    .string({ error: WEBHOOK_INVALID })
    .regex(/^[a-zA-Z0-9]{1,35}$/, { error: WEBHOOK_INVALID })
    .optional()
    .nullable(),
  valor: z.string({ error: PIX_VALOR_INVALID }).regex(/^\d{1,10}\.\d{2}$/, { error: PIX_VALOR_INVALID }),
  horario: z.iso.datetime({ offset: true, error: PIX_HORARIO_INVALID }),
  infoPagador: z.string({ error: WEBHOOK_INVALID }).max(140, { error: WEBHOOK_INVALID }).optional().nullable(),
  componentesValor: z.record(z.string(), z.unknown(), { error: WEBHOOK_INVALID }).optional(),
  devolucoes: z.array(z.unknown(), { error: WEBHOOK_INVALID }).optional(),
});
export type WebhookPix = z.output<typeof webhookPixSchema>;

/** POST /api/webhooks/pix/{branchId}/{secret}/pix: one to a thousand Pix per notification. */
export const webhookBodySchema = z.object({
  pix: z.array(webhookPixSchema, { error: WEBHOOK_INVALID }).min(1, { error: WEBHOOK_INVALID }).max(1000, { error: WEBHOOK_INVALID }),
});

/** POST /api/billing/reconciliation/run */
export const runSchema = z.object({
  branchId: z.string().max(100).trim().optional().nullable().describe("Só esta unidade; ausente: todas as unidades conectadas"),
});

/** POST /api/billing/reconciliation/pix/{e2eid}/link */
export const linkSchema = z.object({ chargeId: requiredString(CHARGE_REQUIRED, 100) });

/** POST /api/payments/{id}/refund */
export const refundSchema = z.object({ reason: requiredString(REASON_REQUIRED, 140) });

// ---- Responses ----

export const webhookAnswerDto = z
  .object({ received: z.number().int().describe("Pix novos guardados na caixa de entrada") })
  .meta({ id: "PixWebhookAnswer" });
export type WebhookAnswerDTO = z.output<typeof webhookAnswerDto>;

export const reconciliationRunDto = z
  .object({
    branchId: id,
    branchName: z.string(),
    at: timestamp,
    since: timestamp,
    until: timestamp,
    received: z.number().int().describe("Pix recebidos no período"),
    recorded: z.number().int().describe("Pix registrados como pagamento nesta conciliação"),
    error: z.string().nullable(),
  })
  .meta({ id: "ReconciliationRun" });
export type ReconciliationRunDTO = z.output<typeof reconciliationRunDto>;

export const runResultDto = z.object({ runs: z.array(reconciliationRunDto) }).meta({ id: "ReconciliationResult" });
export type RunResultDTO = z.output<typeof runResultDto>;

export const pixWithoutChargeDto = z
  .object({
    endToEndId: z.string(),
    branchId: id,
    valor: money.nullable(),
    horario: timestamp.nullable(),
    infoPagador: z.string().nullable(),
  })
  .meta({ id: "PixWithoutCharge" });
export type PixWithoutChargeDTO = z.output<typeof pixWithoutChargeDto>;

export const overpaidDto = z
  .object({
    chargeId: id,
    chargeCode: z.string(),
    guardianName: z.string(),
    paymentId: id.describe("O pagamento recebido pelo banco"),
    paidOn: day,
    excess: money.describe("O que foi pago além do devido"),
  })
  .meta({ id: "OverpaidCharge" });
export type OverpaidDTO = z.output<typeof overpaidDto>;

export const paidTwiceDto = z
  .object({
    chargeId: id,
    chargeCode: z.string(),
    guardianName: z.string(),
    manualPaymentId: id,
    manualAmount: money,
    bankPaymentId: id,
    bankAmount: money,
    refund: z.object({ status: z.string(), reason: z.string() }).nullable(),
  })
  .meta({ id: "PaidTwiceCharge" });
export type PaidTwiceDTO = z.output<typeof paidTwiceDto>;

export const reconciliationDto = z
  .object({
    runs: z.array(reconciliationRunDto).describe("A última conciliação de cada unidade"),
    pixWithoutCharge: z.array(pixWithoutChargeDto),
    overpaid: z.array(overpaidDto),
    paidTwice: z.array(paidTwiceDto),
  })
  .meta({ id: "Reconciliation" });
export type ReconciliationDTO = z.output<typeof reconciliationDto>;

export const refundAnswerDto = z
  .object({ paymentId: id, refundId: z.string(), status: z.string(), message: z.string() })
  .meta({ id: "RefundRequested" });
export type RefundAnswerDTO = z.output<typeof refundAnswerDto>;
