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

let dummyHash: Promise<string> | null = null;
/** Spends one hash for an unknown e-mail, so timing does not tell which e-mails exist. */
export async function spendDummyVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword("dummy-password-for-timing");
  await verifyPassword(await dummyHash, password);
}

/** A hash no password matches (client users made from guardians until they set one). */
export const UNUSABLE_PASSWORD = "!unusable";
