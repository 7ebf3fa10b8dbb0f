import { createStaticPix, hasError } from "pix-utils";
import QRCode from "qrcode";
import type { Actor } from "../access/roles";
import { ConflictError } from "../errors";
import { getCharge, settingsOf } from "./queries.server";
import { NOTHING_TO_PAY, OPEN, PIX_KEY_MISSING, PIX_UNAVAILABLE, type PixDTO } from "./schema";
import { centsToReais, toCents } from "../money";

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

/** The BR Code's limits: the payee's name (59) and city (60). */
export const PAYEE_NAME_MAX = 25;
export const PAYEE_CITY_MAX = 15;

/**
 * Whether a payee's name or city keeps a letter in what the BR Code's field
 * carries (accents and symbols stripped, cut at `max`): 'São Paulo' does, '!!!' does not.
 */
export function pixTextHasLetters(text: string, max: number): boolean {
  return /[A-Z]/.test(pixText(text, max));
}

/** The top-level fields of an EMV code (two-digit id, two-digit length, value), by id; null when it does not split cleanly. */
export function brCodeFields(code: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(code.slice(at + 2, at + 4)) || at + 4 + length > code.length) return null;
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** A Pix that cannot be made (a name or city without letters, nothing to pay): the screens show PIX_UNAVAILABLE instead. */
export class PixUnavailableError extends ConflictError {
  constructor(readonly reason: string) {
    super(PIX_UNAVAILABLE);
  }
}

/**
 * The BR Code of a payment (the library's, never built by hand). The library
 * leaves out the amount (54) of a zero and the name (59) of an empty text, and
 * a bank app refuses such a code: it always carries both, or nothing is made.
 */
export function brCode(input: PixInput): string {
  const merchantName = pixText(input.payeeName, PAYEE_NAME_MAX);
  const merchantCity = pixText(input.payeeCity, PAYEE_CITY_MAX);
  if (!/[A-Z]/.test(merchantName)) throw new PixUnavailableError("payee name without letters");
  if (!/[A-Z]/.test(merchantCity)) throw new PixUnavailableError("payee city without letters");
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new PixUnavailableError("no amount");
  const pix = createStaticPix({
    merchantName,
    merchantCity,
    pixKey: input.pixKey,
    txid: input.txid.replace(/[^A-Za-z0-9]/g, "").slice(0, 25),
    transactionAmount: centsToReais(input.amountCents),
  });
  if (hasError(pix)) throw new PixUnavailableError(pix.message);
  const code = pix.toBRCode();
  const fields = brCodeFields(code);
  if (!fields?.get("54") || !fields.get("59")) throw new PixUnavailableError("amount or name missing from the code");
  return code;
}

/** The BR Code, or null when none can be made (a message then goes without it rather than failing). */
export function brCodeOrNull(input: PixInput): string | null {
  try {
    return brCode(input);
  } catch (error) {
    if (error instanceof PixUnavailableError) return null;
    throw error;
  }
}

/** The QR Code of a text, as an SVG document (dark modules on white). */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/**
 * GET /api/charges/{id}/pix: 409 'Nada a pagar' when nothing is due (paid,
 * cancelled, waived down to what was paid, or a balance of 0), 409 without a
 * Pix key in the branch, 409 PIX_UNAVAILABLE when the branch's payee cannot
 * make a valid code.
 */
export async function chargePix(actor: Actor | null, id: string): Promise<PixDTO> {
  const charge = await getCharge(actor, id);
  const amountCents = charge.status === OPEN ? (toCents(charge.amountDue) ?? 0) : 0;
  if (amountCents <= 0) throw new ConflictError(NOTHING_TO_PAY);
  // Registered at the bank (a `cobv` ATIVA): the bank's code, which carries the fine and interest of the day it is paid.
  if (charge.bank?.status === "Registrada" && charge.bank.copyPaste && charge.bank.txid) {
    const payload = charge.bank.copyPaste;
    return { payload, txid: charge.bank.txid, amount: charge.amountDue, qrSvg: await qrSvg(payload), source: "bank" };
  }
  const settings = await settingsOf(charge.branchId);
  if (!settings.pixKey) throw new ConflictError(PIX_KEY_MISSING);
  const payload = brCode({
    pixKey: settings.pixKey,
    payeeName: settings.payeeName ?? "",
    payeeCity: settings.payeeCity ?? "",
    txid: charge.code,
    amountCents,
  });
  return { payload, txid: charge.code, amount: charge.amountDue, qrSvg: await qrSvg(payload), source: "static" };
}
