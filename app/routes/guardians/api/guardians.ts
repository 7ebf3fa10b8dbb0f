import { createGuardian } from "~/domain/guardians/service.server";
import { guardianList, listGuardians } from "~/domain/guardians/queries.server";
import { apiList, apiWrites, created } from "~/server/api.server";
import { jsonAnswer } from "~/server/answer.server";
import { csvDay, csvPhone } from "~/server/csv.server";
import type { GuardianDTO } from "~/domain/guardians/schema";
import { assertOnePagingStyle } from "~/server/list-response.server";

import { z } from "zod";
import { guardianDto, guardianSchema } from "~/domain/guardians/schema";
import { CSV_FORMAT_QUERY, operations, TOTAL_COUNT_HEADER } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listGuardians",
    tag: "Responsáveis",
    summary: "Lista responsáveis com suas pessoas",
    description: "Todos; com `page`, uma página de 24 e o total em `X-Total-Count`.",
    access: "signed-in",
    client: "family-list",
    query: [
      { name: "q", description: "Busca no nome, e-mail ou CPF de uma pessoa", schema: z.string() },
      { name: "page", description: "Página (a partir de 1)", schema: z.int().min(1) },
      CSV_FORMAT_QUERY,
    ],
    success: {
      status: 200,
      description: "Responsáveis, mais recentes primeiro",
      schema: z.array(guardianDto),
      headers: TOTAL_COUNT_HEADER,
    },
  },
  POST: {
    operationId: "createGuardian",
    tag: "Responsáveis",
    summary: "Cadastra um responsável",
    description:
      "Com suas pessoas e o usuário cliente criado a partir da pessoa principal, numa transação. Sem principal marcada, a primeira é a principal; mais de uma é 400.",
    access: "admin",
    body: guardianSchema,
    success: { status: 201, description: "O responsável criado, com as pessoas", schema: guardianDto },
    errors: { 409: "Já existe um usuário com o e-mail da pessoa principal" },
  },
});

/**
 * GET /api/guardians: every guardian with its persons (§7). Optional `?q=`
 * filters by a person's name, e-mail or CPF; optional `?page=` returns one page
 * (24) and the total in `X-Total-Count`; or `?limit=` and `?cursor=` page by
 * cursor (next page in `Link`). The answer is always the array.
 */
export const loader = apiList(
  async ({ actor, search }) => {
    const pageParam = search.get("page");
    const page = pageParam ? Math.max(1, Number.parseInt(pageParam, 10) || 1) : null;
    const q = search.get("q");
    assertOnePagingStyle(search);
    if (!page) return guardianList(actor, { q });
    const result = await listGuardians(actor, { q, page });
    return jsonAnswer(result.guardians, 200, { "X-Total-Count": String(result.total) });
  },
  {
    csv: {
      filename: "responsaveis.csv",
      // One row per person, the guardian's address beside it.
      rows: (items: GuardianDTO[]) => items.flatMap((g) => g.persons.map((p) => ({ ...p, address: g.address }))),
      columns: [
        { header: "Responsável", value: (p) => p.guardianId },
        { header: "Nome", value: (p) => p.fullName },
        { header: "Principal", value: (p) => (p.isPrimary ? "Sim" : "Não") },
        { header: "CPF", value: (p) => p.cpf },
        { header: "E-mail", value: (p) => p.email },
        { header: "Telefone", value: (p) => csvPhone(p.phone) },
        { header: "Data de nascimento", value: (p) => csvDay(p.birthDate) },
        { header: "Endereço", value: (p) => p.address },
      ],
    },
  },
);

/** POST /api/guardians { address, persons: [{ fullName, cpf, email, birthDate, phone, isPrimary }] } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createGuardian(actor, body)) });
