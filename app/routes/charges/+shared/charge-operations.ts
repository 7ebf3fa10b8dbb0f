import { chargeDetailDto, reasonSchema } from "~/domain/charges/schema";
import { commandOperation, type Operation } from "~/openapi/operation";

/** A charge as the API's commands answer it: the charge's detail, in 'Financeiro'. */
const charge = { tag: "Financeiro", dto: chargeDetailDto } as const;

/** A command on a charge (a payment), answering the charge's detail. */
export const chargeCommand = (operationId: string, summary: string, options: Parameters<typeof commandOperation>[3]): Operation =>
  commandOperation(charge, operationId, summary, options);

/**
 * A correction of money by the Administrator (cancel a charge, waive its fees,
 * reverse a payment): its reason is the body (`reasonSchema`), the charge's
 * detail the answer.
 */
export const chargeCorrection = (
  operationId: string,
  summary: string,
  answer: string,
  { description, conflict }: { description: string; conflict: string },
): Operation => commandOperation(charge, operationId, summary, { answer, description, conflict, access: "admin", body: reasonSchema });
