import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "./env.server";

/**
 * Secrets stored in the database (a bank connection's client secret and private key) are
 * sealed with AES-256-GCM under DATA_ENCRYPTION_KEY (ADR 022). A sealed value is text:
 *
 *     v1:<iv>:<tag>:<ciphertext>      (each part base64url; the IV 12 random bytes, the tag 16)
 *
 * The version prefix leaves room for another algorithm later. The tag authenticates the
 * ciphertext: a value changed in the database, or opened with another key, is refused, never
 * decrypted into garbage. With `DATA_ENCRYPTION_KEY=new,old` the first key seals and every key
 * opens (rotation: re-seal, then drop `old`). Losing the key makes every sealed value unreadable.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const SEALED_FORMAT_UNKNOWN = "Segredo cifrado em formato desconhecido";
export const SEALED_UNREADABLE = "Segredo cifrado ilegível: a chave DATA_ENCRYPTION_KEY não é a que o cifrou, ou o valor foi alterado";

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** A box over these keys (32 bytes each): the first seals, every one opens. */
export function secretBox(keys: readonly Buffer[]): SecretBox {
  if (keys.length === 0 || keys.some((k) => k.length !== 32)) throw new Error("DATA_ENCRYPTION_KEY: chaves de 32 bytes");
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", keys[0], iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(":");
    },
    open(sealed) {
      const parts = sealed.split(":");
      if (parts.length !== 4 || parts[0] !== VERSION) throw new Error(SEALED_FORMAT_UNKNOWN);
      const [iv, tag, data] = parts.slice(1).map((p) => Buffer.from(p, "base64url"));
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error(SEALED_FORMAT_UNKNOWN);
      for (const key of keys) {
        try {
          const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
          decipher.setAuthTag(tag);
          return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
        } catch {
          // Another key, or a changed value: the tag does not match. Try the next key.
        }
      }
      throw new Error(SEALED_UNREADABLE);
    },
  };
}

let box: SecretBox | null = null;
const current = () => (box ??= secretBox(env().DATA_ENCRYPTION_KEYS));

/** Seals a secret for the database with the configured key. */
export function encryptSecret(plain: string): string {
  return current().seal(plain);
}

/** Opens a value sealed by `encryptSecret`; throws on a changed value or an unknown key. */
export function decryptSecret(sealed: string): string {
  return current().open(sealed);
}
