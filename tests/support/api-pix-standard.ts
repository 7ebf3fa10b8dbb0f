import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * The fake bank's own description of the API Pix (v2.9) requests and answers it serves, as JSON
 * Schema written from the standard's facts (its types, patterns, lengths, enums and required
 * fields), independently of the client's zod schemas (app/integrations/api-pix/schema.ts): a
 * client bug is not hidden by being checked against itself.
 *
 * Where the standard's text is loose, the reading here is the strict one a bank may apply:
 * patterns are whole values ("[a-zA-Z0-9]{26,35}" is the whole txid), the CPF pattern written
 * "/^\d{11}$/" is 11 digits, and a request may not carry a field the standard does not define
 * (a misspelt field would be silently ignored by a lenient bank, so it is caught here).
 */

const valor = { type: "string", pattern: "^\\d{1,10}\\.\\d{2}$" };
const txid = { type: "string", pattern: "^[a-zA-Z0-9]{26,35}$" };
const anyTxid = { type: "string", pattern: "^[a-zA-Z0-9]{1,35}$" };
const e2eid = { type: "string", pattern: "^[a-zA-Z0-9]{32}$", minLength: 32, maxLength: 32 };
const dateTime = { type: "string", format: "date-time" };
const date = { type: "string", format: "date" };
const chave = { type: "string", minLength: 1, maxLength: 77 };
const cpf = { type: "string", pattern: "^\\d{11}$" };
const cnpj = { type: "string", pattern: "^[0-9A-Z]{14}$" };

const pessoaComplemento = {
  email: { type: "string" },
  logradouro: { type: "string", maxLength: 200 },
  cidade: { type: "string", maxLength: 200 },
  uf: { type: "string", maxLength: 2 },
  cep: { type: "string", maxLength: 8 },
};
/** DadosDevedor: a person (CPF) or a company (CNPJ), never both, with a name. */
const devedor = {
  type: "object",
  oneOf: [
    {
      required: ["cpf", "nome"],
      properties: { cpf, nome: { type: "string", maxLength: 200 } },
      not: { required: ["cnpj"] },
    },
    {
      required: ["cnpj", "nome"],
      properties: { cnpj, nome: { type: "string", maxLength: 200 } },
      not: { required: ["cpf"] },
    },
  ],
  properties: { cpf: {}, cnpj: {}, nome: {}, ...pessoaComplemento },
  additionalProperties: false,
};

const modalidadeValor = (max: number) => ({
  type: "object",
  required: ["modalidade", "valorPerc"],
  properties: { modalidade: { type: "integer", minimum: 1, maximum: max }, valorPerc: valor },
  additionalProperties: false,
});

const desconto = {
  type: "object",
  required: ["modalidade"],
  properties: {
    modalidade: { type: "integer", minimum: 1, maximum: 6 },
    valorPerc: valor,
    descontoDataFixa: {
      type: "array",
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
      items: { type: "object", required: ["data", "valorPerc"], properties: { data: date, valorPerc: valor }, additionalProperties: false },
    },
  },
  additionalProperties: false,
  // Modalities 1–2: fixed dates, no valorPerc; 3–6: valorPerc, no dates.
  if: { properties: { modalidade: { maximum: 2 } } },
  then: { required: ["descontoDataFixa"], not: { required: ["valorPerc"] } },
  else: { required: ["valorPerc"], not: { required: ["descontoDataFixa"] } },
};

const cobvValorProperties = {
  original: valor,
  multa: modalidadeValor(2),
  juros: modalidadeValor(8),
  abatimento: modalidadeValor(2),
  desconto,
};

const infoAdicionais = {
  type: "array",
  maxItems: 50,
  items: {
    type: "object",
    required: ["nome", "valor"],
    properties: { nome: { type: "string", maxLength: 50 }, valor: { type: "string", maxLength: 200 } },
    additionalProperties: false,
  },
};

const calendarioSolicitado = {
  type: "object",
  required: ["dataDeVencimento"],
  properties: { dataDeVencimento: date, validadeAposVencimento: { type: "integer", minimum: 0 } },
  additionalProperties: false,
};

/** CobVSolicitada: the body of PUT /cobv/{txid}. */
const cobvSolicitada = {
  type: "object",
  required: ["calendario", "devedor", "valor", "chave"],
  properties: {
    calendario: calendarioSolicitado,
    devedor,
    loc: { type: "object", required: ["id"], properties: { id: { type: "integer" } } },
    valor: { type: "object", required: ["original"], properties: cobvValorProperties, additionalProperties: false },
    chave,
    solicitacaoPagador: { type: "string", maxLength: 140 },
    infoAdicionais,
  },
  additionalProperties: false,
};

/** CobVRevisada: the body of PATCH /cobv/{txid}; a removal comes alone. */
const cobvRevisada = {
  type: "object",
  minProperties: 1,
  properties: {
    calendario: { ...calendarioSolicitado, required: [] },
    devedor,
    loc: { type: "object", required: ["id"], properties: { id: { type: "integer" } } },
    status: { type: "string", enum: ["REMOVIDA_PELO_USUARIO_RECEBEDOR"] },
    valor: { type: "object", properties: cobvValorProperties, additionalProperties: false },
    chave,
    solicitacaoPagador: { type: "string", maxLength: 140 },
    infoAdicionais,
  },
  additionalProperties: false,
  if: { required: ["status"] },
  then: { maxProperties: 1 },
};

const devolucao = {
  type: "object",
  required: ["id", "rtrId", "valor", "horario", "status"],
  properties: {
    id: anyTxid,
    rtrId: { type: "string", pattern: "^[a-zA-Z0-9]{32}$" },
    valor,
    natureza: { type: "string", enum: ["ORIGINAL", "RETIRADA", "MED_OPERACIONAL", "MED_FRAUDE", "MED_PIX_AUTOMATICO"] },
    descricao: { type: "string", maxLength: 140 },
    horario: { type: "object", properties: { solicitacao: dateTime, liquidacao: dateTime } },
    status: { type: "string", enum: ["EM_PROCESSAMENTO", "DEVOLVIDO", "NAO_REALIZADO"] },
    motivo: { type: "string", maxLength: 140 },
  },
};

const componente = { type: "object", required: ["valor"], properties: { valor } };
const pix = {
  type: "object",
  required: ["endToEndId", "valor", "horario"],
  properties: {
    endToEndId: e2eid,
    txid: anyTxid,
    valor,
    componentesValor: {
      type: "object",
      properties: { original: componente, juros: componente, multa: componente, desconto: componente, abatimento: componente },
    },
    chave: { type: "string", maxLength: 77 },
    horario: dateTime,
    infoPagador: { type: "string", maxLength: 140 },
    devolucoes: { type: "array", items: devolucao },
  },
};

const recebedor = {
  type: "object",
  required: ["logradouro", "cidade", "uf", "cep", "nome"],
  anyOf: [{ required: ["cpf"] }, { required: ["cnpj"] }],
  properties: {
    cpf,
    cnpj,
    nome: { type: "string", maxLength: 200 },
    nomeFantasia: { type: "string", maxLength: 200 },
    ...pessoaComplemento,
  },
};

/** CobVGerada / CobVCompleta: what PUT, PATCH and GET /cobv/{txid} answer. */
const cobvCompleta = {
  type: "object",
  required: ["location", "txid", "devedor", "calendario", "revisao", "status", "valor", "chave", "recebedor"],
  properties: {
    calendario: {
      type: "object",
      required: ["criacao", "dataDeVencimento", "validadeAposVencimento"],
      properties: { criacao: dateTime, dataDeVencimento: date, validadeAposVencimento: { type: "integer", minimum: 0 } },
    },
    txid,
    revisao: { type: "integer", minimum: 0 },
    devedor: { ...devedor, additionalProperties: true },
    recebedor,
    loc: {
      type: "object",
      required: ["id", "location", "tipoCob", "criacao"],
      properties: {
        id: { type: "integer" },
        location: { type: "string", maxLength: 77 },
        tipoCob: { enum: ["cob", "cobv"] },
        criacao: dateTime,
      },
    },
    location: { type: "string", maxLength: 77 },
    status: { type: "string", enum: ["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"] },
    valor: { type: "object", required: ["original"], properties: cobvValorProperties },
    chave,
    solicitacaoPagador: { type: "string", maxLength: 140 },
    infoAdicionais,
    pixCopiaECola: { type: "string", maxLength: 512 },
    pix: { type: "array", items: pix },
  },
};

const paginacao = {
  type: "object",
  required: ["paginaAtual", "itensPorPagina", "quantidadeDePaginas", "quantidadeTotalDeItens"],
  properties: {
    paginaAtual: { type: "integer", minimum: 0 },
    itensPorPagina: { type: "integer", minimum: 1 },
    quantidadeDePaginas: { type: "integer", minimum: 1 },
    quantidadeTotalDeItens: { type: "integer", minimum: 0 },
  },
};

/** GET /pix's query (the values as text, as they arrive). */
const pixQuery = {
  type: "object",
  required: ["inicio", "fim"],
  properties: {
    inicio: dateTime,
    fim: dateTime,
    txid: anyTxid,
    txIdPresente: { enum: ["true", "false"] },
    devolucaoPresente: { enum: ["true", "false"] },
    cpf,
    cnpj,
    "paginacao.paginaAtual": { type: "string", pattern: "^\\d{1,9}$" },
    "paginacao.itensPorPagina": { type: "string", pattern: "^(?:[1-9]\\d{0,2}|1000)$" },
  },
  additionalProperties: false,
  not: { required: ["cpf", "cnpj"] },
};

export const STANDARD_SCHEMAS = {
  cobvSolicitada,
  cobvRevisada,
  cobvCompleta,
  devolucaoSolicitada: {
    type: "object",
    required: ["valor"],
    properties: { valor, natureza: { enum: ["ORIGINAL", "RETIRADA"] }, descricao: { type: "string", maxLength: 140 } },
    additionalProperties: false,
  },
  devolucao,
  pix,
  pixQuery,
  pixConsultados: {
    type: "object",
    required: ["parametros"],
    properties: {
      parametros: { type: "object", required: ["inicio", "fim", "paginacao"], properties: { inicio: dateTime, fim: dateTime, paginacao } },
      pix: { type: "array", items: pix },
    },
  },
  webhookSolicitado: {
    type: "object",
    required: ["webhookUrl"],
    properties: { webhookUrl: { type: "string", format: "uri" } },
    additionalProperties: false,
  },
  webhookCompleto: {
    type: "object",
    required: ["webhookUrl", "cnpj", "criacao"],
    properties: { webhookUrl: { type: "string", format: "uri" }, chave, cnpj, criacao: dateTime },
  },
  webhookPix: { type: "object", required: ["pix"], properties: { pix: { type: "array", minItems: 1, items: pix } } },
  problema: {
    type: "object",
    required: ["type", "title", "status"],
    properties: {
      type: { type: "string", format: "uri" },
      title: { type: "string" },
      status: { type: "integer" },
      detail: { type: "string" },
      correlationId: { type: "string" },
      violacoes: {
        type: "array",
        items: { type: "object", properties: { razao: { type: "string" }, propriedade: { type: "string" }, valor: { type: "string" } } },
      },
    },
  },
  txid,
  e2eid,
  devolucaoId: anyTxid,
  chave,
} as const;

export type StandardSchema = keyof typeof STANDARD_SCHEMAS;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<StandardSchema, ValidateFunction>();

/** The standard's complaints about `value` as a `schema` (empty: it conforms). */
export function standardViolations(schema: StandardSchema, value: unknown): { propriedade: string; razao: string }[] {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(STANDARD_SCHEMAS[schema])));
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => ({ propriedade: e.instancePath || "/", razao: e.message ?? e.keyword }));
}
