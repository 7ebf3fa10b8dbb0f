import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum parameters (19 MiB, 2 iterations, 1 lane).
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real argon2id hash made with OPTIONS (of a random password nobody knows),
 * fixed here so that even the first unknown e-mail after a start costs one
 * verification and no extra hashing. Keep its parameters equal to OPTIONS
 * (password.server.test.ts checks it).
 */
export const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$6ZWp3lvRCQ5izcPY3WBfow$uXxhMEv6Ps6O09HGzELAjLwwIa/Rij3x97XrwJo29eA";
export const HASH_OPTIONS = OPTIONS;

/** A stored hash that a password can match (not UNUSABLE_PASSWORD or anything else that is not argon2). */
export function isUsableHash(passwordHash: string | null | undefined): passwordHash is string {
  return typeof passwordHash === "string" && passwordHash.startsWith("$argon2");
}

/**
 * Spends one verification for an unknown e-mail or an account without a usable
 * password, so timing does not tell which e-mails exist or can sign in.
 */
export async function spendDummyVerify(password: string): Promise<void> {
  await verifyPassword(DUMMY_HASH, password);
}

/** A hash no password matches (client users made from guardians until they set one). */
export const UNUSABLE_PASSWORD = "!unusable";
