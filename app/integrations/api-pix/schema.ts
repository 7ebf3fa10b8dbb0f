import { z } from "zod";

/**
 * The bodies and answers of the Banco Central's API Pix (v2.9) that this project uses,
 * written from the standard's facts (ADR 022): the requests we send are checked before they
 * leave, and every answer is parsed here, so a bank that answers outside the standard is an
 * "invalid-answer" error rather than a charge marked with garbage. Answers may carry fields
 * we do not read: they are dropped, and never refused (the standard lets a bank add fields).
 *
 * The standard's patterns are unanchored text ("[a-zA-Z0-9]{26,35}"); here they are whole
 * values. Its CPF pattern is written "/^\d{11}$/" (slashes included): read as 11 digits.
 */

/** The `cobv` txid: letters and digits, 26 to 35. */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
/** A Pix's txid as the bank reports it (any charge kind: 1 to 35). */
const receivedTxid = z.string().regex(/^[a-zA-Z0-9]{1,35}$/);
/** EndToEndIdentification: 32 letters and digits. */
export const E2EID_PATTERN = /^[a-zA-Z0-9]{32}$/;
/** A refund's id, chosen by us: 1 to 35 letters and digits. */
export const REFUND_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;

/** An amount: up to 10 digits, a point and 2 decimals ("123.45"). */
export const valor = z.string().regex(/^\d{1,10}\.\d{2}$/, "valor com duas casas decimais, ex.: 123.45");
const timestampField = z.iso.datetime({ offset: true, local: false });
const dateField = z.iso.date();

export const txid = z.string().regex(TXID_PATTERN, "txid: 26 a 35 letras e dígitos");
export const endToEndId = z.string().regex(E2EID_PATTERN, "endToEndId: 32 letras e dígitos");
export const refundId = z.string().regex(REFUND_ID_PATTERN, "id da devolução: 1 a 35 letras e dígitos");
/** A DICT key (e-mail, phone, CPF/CNPJ or random key): at most 77 characters. */
export const chave = z.string().min(1).max(77);

// ---- Requests ----

const multa = z.strictObject({ modalidade: z.union([z.literal(1), z.literal(2)]), valorPerc: valor });
const juros = z.strictObject({ modalidade: z.number().int().min(1).max(8), valorPerc: valor });
const abatimento = z.strictObject({ modalidade: z.union([z.literal(1), z.literal(2)]), valorPerc: valor });
/** Modalities 1 and 2: fixed dates (1 to 3); 3 to 6: a value per day of anticipation. */
const desconto = z.union([
  z.strictObject({
    modalidade: z.union([z.literal(1), z.literal(2)]),
    descontoDataFixa: z
      .array(z.strictObject({ data: dateField, valorPerc: valor }))
      .min(1)
      .max(3),
  }),
  z.strictObject({ modalidade: z.number().int().min(3).max(6), valorPerc: valor }),
]);

const cobvValorRequest = z.strictObject({
  original: valor.refine((v) => !/^0+\.00$/.test(v), "valor.original não pode ser zero"),
  multa: multa.optional(),
  juros: juros.optional(),
  abatimento: abatimento.optional(),
  desconto: desconto.optional(),
});

const devedorPessoaFisica = z.strictObject({
  cpf: z.string().regex(/^\d{11}$/, "CPF: 11 dígitos"),
  nome: z.string().min(1).max(200),
});

const infoAdicionais = z.array(z.strictObject({ nome: z.string().min(1).max(50), valor: z.string().max(200) })).max(50);

/** PUT /cobv/{txid}: a charge with a due date ("cobrança com vencimento"). */
export const cobvRequest = z.strictObject({
  calendario: z.strictObject({
    dataDeVencimento: dateField,
    /** Calendar days after the due date during which it may still be paid (the standard's default: 30). */
    validadeAposVencimento: z.number().int().min(0).optional(),
  }),
  devedor: devedorPessoaFisica,
  valor: cobvValorRequest,
  chave,
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: infoAdicionais.optional(),
});
export type CobvRequest = z.input<typeof cobvRequest>;

/**
 * PATCH /cobv/{txid}: a revision (the fields given replace the bank's; objects are merged),
 * or `{ status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }` alone (the standard refuses a removal
 * together with other changes). The standard has no null to drop a fine or interest: send
 * `valorPerc: "0.00"`.
 */
export const cobvPatch = z.union([
  z.strictObject({ status: z.literal("REMOVIDA_PELO_USUARIO_RECEBEDOR") }),
  z
    .strictObject({
      calendario: z
        .strictObject({ dataDeVencimento: dateField.optional(), validadeAposVencimento: z.number().int().min(0).optional() })
        .optional(),
      devedor: devedorPessoaFisica.optional(),
      valor: cobvValorRequest.partial().optional(),
      chave: chave.optional(),
      solicitacaoPagador: z.string().max(140).optional(),
      infoAdicionais: infoAdicionais.optional(),
    })
    .refine((patch) => Object.keys(patch).length > 0, "a revisão não altera nada"),
]);
export type CobvPatch = z.input<typeof cobvPatch>;

/** PUT /pix/{e2eid}/devolucao/{id}. */
export const refundRequest = z.strictObject({
  valor: valor.refine((v) => !/^0+\.00$/.test(v), "valor da devolução não pode ser zero"),
  natureza: z.enum(["ORIGINAL", "RETIRADA"]).optional(),
  descricao: z.string().max(140).optional(),
});
export type RefundRequest = z.input<typeof refundRequest>;

/** PUT /webhook/{chave}. */
export const webhookRequest = z.strictObject({ webhookUrl: z.url() });

// ---- Answers ----

export const COBV_STATUSES = ["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"] as const;
export type CobvStatus = (typeof COBV_STATUSES)[number];
export const REFUND_STATUSES = ["EM_PROCESSAMENTO", "DEVOLVIDO", "NAO_REALIZADO"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund (devolução) as the bank reports it. */
export const refund = z.object({
  id: refundId,
  rtrId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  valor,
  natureza: z.string().optional(),
  descricao: z.string().optional(),
  horario: z.object({ solicitacao: timestampField.optional(), liquidacao: timestampField.optional() }).optional(),
  status: z.enum(REFUND_STATUSES),
  motivo: z.string().optional(),
});
export type Refund = z.output<typeof refund>;

const component = z.object({ valor });

/** A Pix received, as GET /pix/{e2eid}, GET /pix and the webhook report it. */
export const pixReceived = z.object({
  endToEndId,
  txid: receivedTxid.optional(),
  valor,
  chave: z.string().optional(),
  horario: timestampField,
  infoPagador: z.string().optional(),
  componentesValor: z
    .object({
      original: component.optional(),
      multa: component.optional(),
      juros: component.optional(),
      desconto: component.optional(),
      abatimento: component.optional(),
    })
    .optional(),
  devolucoes: z.array(refund).optional(),
});
export type PixReceived = z.output<typeof pixReceived>;

/** The body the bank posts to `{webhookUrl}/pix`. */
export const pixWebhookBody = z.object({ pix: z.array(pixReceived).min(1) });
export type PixWebhookBody = z.output<typeof pixWebhookBody>;

const valorAnswer = z.object({
  original: valor,
  multa: z.object({ modalidade: z.number().int(), valorPerc: valor }).optional(),
  juros: z.object({ modalidade: z.number().int(), valorPerc: valor }).optional(),
  abatimento: z.object({ modalidade: z.number().int(), valorPerc: valor }).optional(),
  desconto: z
    .object({
      modalidade: z.number().int(),
      valorPerc: valor.optional(),
      descontoDataFixa: z.array(z.object({ data: dateField, valorPerc: valor })).optional(),
    })
    .optional(),
});

/** A `cobv` as the bank answers PUT, PATCH and GET /cobv/{txid}. */
export const cobv = z.object({
  txid,
  revisao: z.number().int().min(0),
  status: z.enum(COBV_STATUSES),
  calendario: z.object({
    criacao: timestampField.optional(),
    dataDeVencimento: dateField,
    validadeAposVencimento: z.number().int().min(0).optional(),
  }),
  devedor: z.object({ cpf: z.string().optional(), cnpj: z.string().optional(), nome: z.string().optional() }).optional(),
  loc: z.object({ id: z.number().int(), location: z.string().min(1), tipoCob: z.string().optional() }).optional(),
  location: z.string().optional(),
  valor: valorAnswer,
  chave: z.string(),
  solicitacaoPagador: z.string().optional(),
  /** The BR Code the bank computed (fine and interest on the day of payment). */
  pixCopiaECola: z.string().min(1).optional(),
  pix: z.array(pixReceived).optional(),
});
export type Cobv = z.output<typeof cobv>;

/** GET /webhook/{chave}. */
export const webhookAnswer = z.object({ webhookUrl: z.string().min(1), chave: z.string().optional(), criacao: z.string().optional() });

/** GET /pix: one page. (The standard lists `cobs` as required here, a slip: the list is `pix`.) */
export const pixPage = z.object({
  parametros: z.object({
    inicio: z.string(),
    fim: z.string(),
    paginacao: z.object({
      paginaAtual: z.number().int().min(0),
      itensPorPagina: z.number().int().min(1),
      quantidadeDePaginas: z.number().int().min(0),
      quantidadeTotalDeItens: z.number().int().min(0).optional(),
    }),
  }),
  pix: z.array(pixReceived).optional(),
});

/** The OAuth 2 token endpoint's answer (client credentials). */
export const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.coerce.number().int().positive().optional(),
  scope: z.string().optional(),
});

/** An error answer (RFC 7807, as the standard uses it). */
export const problem = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int().optional(),
  detail: z.string().optional(),
  correlationId: z.string().optional(),
  violacoes: z
    .array(z.object({ razao: z.string().optional(), propriedade: z.string().optional(), valor: z.string().optional() }))
    .optional(),
});
export type Problem = z.output<typeof problem>;
