import { createHash } from "node:crypto";
import { TXID_PATTERN } from "./schema";

const TXID_MAX = 35;
/** At most this much of the charge's code, so that at least 10 characters come from its id. */
const CODE_MAX = 25;

/**
 * The `cobv` txid of a charge: its code (letters and digits only) followed by letters and
 * digits taken from its id, 35 characters in all (the standard allows 26 to 35). The same
 * charge always gets the same txid, so a job sent twice registers one charge at the bank.
 */
export function txidFor(chargeCode: string, chargeId: string): string {
  const code = chargeCode.replace(/[^a-zA-Z0-9]/g, "").slice(0, CODE_MAX);
  // The id's letters and digits (a UUID's 32 hex), then a digest of it, so any id fills the rest.
  const fill = chargeId.replace(/[^a-zA-Z0-9]/g, "") + createHash("sha256").update(chargeId).digest("hex");
  const txid = (code + fill).slice(0, TXID_MAX);
  if (!TXID_PATTERN.test(txid)) throw new Error(`txid fora do padrão: ${txid}`);
  return txid;
}
