import { createBranch } from "~/domain/branches/service.server";
import { branchList } from "~/domain/branches/queries.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { branchDto, branchSchema } from "~/domain/branches/schema";
import { createOperation, listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation({ tag: "Unidades", name: "Branches", plural: "unidades", dto: branchDto }),
  POST: createOperation({ tag: "Unidades", name: "Branch", noun: "uma unidade", dto: branchDto }, { body: branchSchema }),
});

/** GET /api/branches */
export const loader = apiList(({ actor }) => branchList(actor));

/** POST /api/branches { name, address, active, isDefault } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createBranch(actor, body)) });
