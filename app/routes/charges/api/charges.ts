import { z } from "zod";
import { chargeList, chargesForExport } from "~/domain/charges/queries.server";
import { createOneOffCharge } from "~/domain/charges/service.server";
import { CHARGE_FILTER_STATUSES, chargeDto, oneOffChargeSchema } from "~/domain/charges/schema";
import { apiList, apiWrites, created } from "~/server/api.server";
import { listOperation, operations } from "~/openapi/operation";
import { chargesCsv } from "~/features/charges/charges-csv.server";

export const openapi = operations({
  GET: listOperation(
    { tag: "Financeiro", name: "Charges", plural: "cobranças", dto: chargeDto },
    {
      description:
        "Por vencimento. `month` filtra pelo mês do vencimento; `status` 'Vencida' é 'Aberta' com vencimento antes de hoje; `q` busca no " +
        "nome das pessoas do responsável, do aluno ou no código. `format=csv` devolve a planilha (';', BOM UTF-8, dd/MM/aaaa, 1.234,56).",
      client: "family-list",
      query: [
        { name: "month", description: "Mês do vencimento (AAAA-MM)", schema: z.string() },
        { name: "status", description: "Aberta, Vencida, Paga ou Cancelada", schema: z.enum(CHARGE_FILTER_STATUSES) },
        { name: "guardianId", description: "Só as deste responsável", schema: z.string() },
        { name: "studentId", description: "Só as deste aluno", schema: z.string() },
        { name: "branchId", description: "Só as desta unidade", schema: z.string() },
        { name: "q", description: "Busca (nome ou código)", schema: z.string() },
        { name: "format", description: "`csv` para a planilha", schema: z.enum(["csv"]) },
      ],
      answer: "As cobranças",
      invalid: "Mês ou status inválido",
    },
  ),
  POST: {
    operationId: "createCharge",
    tag: "Financeiro",
    summary: "Cria uma cobrança avulsa",
    description: "Figurino, festival...: para um responsável, com descrição, valor e vencimento (e, opcionalmente, o aluno).",
    access: "admin",
    body: oneOffChargeSchema,
    success: { status: 201, description: "A cobrança ('Aberta')", schema: chargeDto },
  },
});

const filterOf = (search: URLSearchParams) => ({
  month: search.get("month"),
  status: search.get("status"),
  guardianId: search.get("guardianId"),
  studentId: search.get("studentId"),
  branchId: search.get("branchId"),
  q: search.get("q"),
});

/** GET /api/charges (?month=&status=&guardianId=&studentId=&branchId=&q=; ?limit= and ?cursor= for one page; ?format=csv) */
export const loader = apiList(({ actor, search }) => {
  const filter = filterOf(search);
  const source = chargeList(actor, filter);
  if (search.get("format") === "csv") return chargesCsv(chargesForExport(actor, filter));
  return source;
});

/** POST /api/charges { guardianId, studentId?, branchId, description, amount, dueDate } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createOneOffCharge(actor, body)) });
