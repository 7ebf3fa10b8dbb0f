import { makeupOptions } from "~/domain/attendance/makeups/queries.server";
import { arrayList } from "~/domain/list.server";
import { apiList } from "~/server/api.server";

import { z } from "zod";
import { makeupOptionDto, type MakeupOptionDTO } from "~/domain/attendance/makeups/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listMakeupOptions",
    tag: "Reposições",
    summary: "Aulas em que uma falta pode ser reposta",
    description:
      "As aulas das turmas ativas do mesmo curso (qualquer unidade), de hoje (ou do dia da falta, as aulas que começam " +
      "depois da aula perdida) até 30 dias depois da falta, com vagas livres, por data e horário. Ficam de fora as turmas em que o aluno já está matriculado na data.",
    access: "signed-in",
    client: "family-item",
    query: [{ name: "absenceId", description: "A falta (registro de presença)", schema: z.string() }],
    success: { status: 200, description: "As aulas possíveis", schema: z.array(makeupOptionDto) },
    errors: { 400: "Só é possível repor uma falta", 404: "Falta não encontrada" },
  },
});

const key = (o: MakeupOptionDTO) => [o.date, o.startTime, o.classId, o.scheduleId];
const compare = (a: Array<string | number | boolean>, b: Array<string | number | boolean>) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return String(a[i]) < String(b[i]) ? -1 : 1;
  return 0;
};

/** GET /api/makeups/options?absenceId= */
export const loader = apiList(async ({ actor, search }) => {
  const options = await makeupOptions(actor, search.get("absenceId") ?? "");
  return arrayList("makeupOptions", ["date", "text", "uuid", "uuid"], async () => options, key, compare);
});
