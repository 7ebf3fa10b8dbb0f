import { createStaticPix, hasError } from "pix-utils";
import QRCode from "qrcode";
import type { Actor } from "../actor";
import { ConflictError } from "../errors";
import { getCharge, settingsOf } from "./queries.server";
import { CANCELLED_CHARGE, CHARGE_ALREADY_PAID, CHARGE_CANCELLED, PAID, PIX_KEY_MISSING, type PixDTO } from "./schema";
import { toCents } from "../offers/money";

/**
 * A charge's Pix 'copia e cola': a static BR Code (EMV) built by `pix-utils`
 * with the branch's key, the amount due today, the payee's name (without
 * accents, at most 25 characters) and city (at most 15) and the charge's code
 * as the txid; its QR Code as SVG (`qrcode`), drawn on the server so it shows
 * without JavaScript.
 */

/** Upper case ASCII letters, digits and spaces, at most `max` characters (what the BR Code's fields carry). */
export function pixText(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

export interface PixInput {
  pixKey: string;
  payeeName: string;
  payeeCity: string;
  txid: string;
  amountCents: number;
}

/** The BR Code of a payment (the library's, never built by hand). */
export function brCode(input: PixInput): string {
  const pix = createStaticPix({
    merchantName: pixText(input.payeeName, 25),
    merchantCity: pixText(input.payeeCity, 15),
    pixKey: input.pixKey,
    txid: input.txid.replace(/[^A-Za-z0-9]/g, "").slice(0, 25),
    transactionAmount: input.amountCents / 100,
  });
  if (hasError(pix)) throw new Error(`Pix: ${pix.message}`);
  return pix.toBRCode();
}

/** The QR Code of a text, as an SVG document (dark modules on white). */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** GET /api/charges/{id}/pix: 409 without a Pix key in the branch, or for a charge that is not open. */
export async function chargePix(actor: Actor | null, id: string): Promise<PixDTO> {
  const charge = await getCharge(actor, id);
  if (charge.status === PAID) throw new ConflictError(CHARGE_ALREADY_PAID);
  if (charge.status === CANCELLED_CHARGE) throw new ConflictError(CHARGE_CANCELLED);
  const settings = await settingsOf(charge.branchId);
  if (!settings.pixKey) throw new ConflictError(PIX_KEY_MISSING);
  const amountCents = toCents(charge.amountDue) ?? 0;
  const payload = brCode({
    pixKey: settings.pixKey,
    payeeName: settings.payeeName ?? "",
    payeeCity: settings.payeeCity ?? "",
    txid: charge.code,
    amountCents,
  });
  return { payload, txid: charge.code, amount: charge.amountDue, qrSvg: await qrSvg(payload) };
}
