import { z } from "zod";
import type { Operation, QueryParam } from "~/openapi/operation";

/** The query parameters every report takes (OpenAPI). */
export const PERIOD_PARAMS: QueryParam[] = [
  { name: "from", description: "Início do período (AAAA-MM-DD ou AAAA-MM); padrão: 12 meses até hoje", schema: z.string() },
  {
    name: "to",
    description: "Fim do período (AAAA-MM-DD ou AAAA-MM; no máximo 24 meses depois do início); padrão: hoje",
    schema: z.string(),
  },
  { name: "branchId", description: "Só as turmas desta unidade", schema: z.guid() },
];

export const FORMAT_PARAM: QueryParam = {
  name: "format",
  description: "`csv`: o mesmo em CSV (';', UTF-8 com BOM, dd/MM/aaaa, 1.234,5)",
  schema: z.enum(["csv"]),
};

/**
 * GET of a report (Equipe or Administrador): the period, the report's own
 * filters (`filters`), `format`; its DTO, and what makes a 400 (`invalid`).
 */
export function reportOperation({
  operationId,
  summary,
  description,
  period = PERIOD_PARAMS,
  filters = [],
  answer,
  dto,
  invalid,
}: Pick<Operation, "operationId" | "summary" | "description"> & {
  period?: QueryParam[];
  filters?: QueryParam[];
  answer: string;
  dto: z.ZodType;
  invalid: string;
}): Operation {
  return {
    operationId,
    tag: "Relatórios",
    summary,
    description,
    access: "staff",
    query: [...period, ...filters, FORMAT_PARAM],
    success: { status: 200, description: answer, schema: dto },
    errors: { 400: invalid },
  };
}
