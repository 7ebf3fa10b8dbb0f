import { deleteBranch, updateBranch } from "~/domain/branches/service.server";
import { getBranch } from "~/domain/branches/queries.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { branchDto, branchUpdateSchema } from "~/domain/branches/schema";
import { recordOperations, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Unidades", name: "Branch", noun: "uma unidade", dto: branchDto };

export const openapi = recordOperations(record, {
  update: { body: branchUpdateSchema },
  remove: { conflict: "A unidade possui turmas, ofertas ou outros registros vinculados" },
});

/** GET /api/branches/{id} */
export const loader = apiRead(({ actor, params }) => getBranch(actor, params.id));

/** PATCH /api/branches/{id} (fields optional), DELETE /api/branches/{id} → 204 (409 while in use) */
export const action = apiRecordWrites({ update: updateBranch, remove: deleteBranch });
