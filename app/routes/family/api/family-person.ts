import { updateFamilyPerson } from "~/domain/guardians/service.server";
import { familyPersonSchema, guardianPersonDto } from "~/domain/guardians/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  PATCH: {
    operationId: "updateFamilyPerson",
    tag: "Família",
    summary: "Altera o telefone e/ou o e-mail de uma pessoa da família",
    description:
      "As mesmas regras do cadastro da escola; nome e CPF só a escola altera (outros campos são ignorados). " +
      "Cada alteração fica na auditoria. Pessoa de outra família: 404.",
    access: "signed-in",
    client: "own-family",
    body: familyPersonSchema,
    success: { status: 200, description: "A pessoa atualizada", schema: guardianPersonDto },
    errors: { 404: "Família ou pessoa não encontrada" },
  },
});

/** PATCH /api/family/persons/{id} { phone?, email? } */
export const action = apiWrites({ PATCH: ({ actor, params, body }) => updateFamilyPerson(actor, params.id, body) });
