import type { Actor } from "~/domain/access/roles";
import { chargePix, PixUnavailableError } from "~/domain/charges/pix.server";
import { PIX_UNAVAILABLE } from "~/domain/charges/schema";
import { ConflictError } from "~/domain/errors";
import type { PixView } from "./pix-payment";

/**
 * An open charge's Pix for a screen (the staff's charge, the family's
 * 'Financeiro'): the service's 409 ('Configure a chave Pix da unidade' when the
 * branch has no key) becomes the text shown in its place; a family is not asked
 * to configure the school, it is told whom to ask. A Pix that cannot be made
 * (a payee's name or city the BR Code cannot carry, a library's refusal, any
 * other failure) never breaks the page: it reads PIX_UNAVAILABLE.
 */
export async function pixView(actor: Actor, chargeId: string): Promise<PixView> {
  try {
    const made = await chargePix(actor, chargeId);
    return { pix: { payload: made.payload, qrSvg: made.qrSvg, source: made.source }, message: null };
  } catch (error) {
    if (error instanceof PixUnavailableError) {
      console.warn(`Pix of charge ${chargeId} unavailable: ${error.reason}`);
      return { pix: null, message: PIX_UNAVAILABLE };
    }
    if (error instanceof ConflictError) return { pix: null, message: actor.userType === "Client" ? PIX_UNAVAILABLE : error.message };
    console.error(error);
    return { pix: null, message: PIX_UNAVAILABLE };
  }
}
