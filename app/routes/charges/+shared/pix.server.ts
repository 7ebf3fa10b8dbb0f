import type { Actor } from "~/domain/actor";
import { chargePix } from "~/domain/charges/pix.server";
import { ConflictError } from "~/domain/errors";
import type { PixView } from "./pix-payment";

/** What a family reads where its branch has no Pix key (the staff read the service's 'Configure a chave Pix da unidade'). */
export const FAMILY_NO_PIX = "Pix indisponível para esta cobrança: fale com a secretaria da escola.";

/**
 * An open charge's Pix for a screen (the staff's charge, the family's
 * 'Financeiro'): the service's 409 ('Configure a chave Pix da unidade' when the
 * branch has no key) becomes the text shown in its place; a family is not asked
 * to configure the school, it is told whom to ask.
 */
export async function pixView(actor: Actor, chargeId: string): Promise<PixView> {
  try {
    const made = await chargePix(actor, chargeId);
    return { pix: { payload: made.payload, qrSvg: made.qrSvg }, message: null };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    return { pix: null, message: actor.userType === "Client" ? FAMILY_NO_PIX : error.message };
  }
}
