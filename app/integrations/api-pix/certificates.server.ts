import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import forge from "node-forge";
import { BANK_URL_INVALID } from "./errors";

/**
 * The school's client certificate for the bank (mutual TLS): read, checked against its key, and
 * converted from the `.p12` (PKCS#12) file banks hand out. PEM is what is stored and used.
 */

export const CERTIFICATE_INVALID = "Certificado inválido";
export const KEY_MISMATCH = "Chave privada não corresponde ao certificado";
export const KEY_INVALID = "Chave privada inválida";
export const P12_PASSWORD_WRONG = "Senha do arquivo .p12 incorreta";
export { BANK_URL_INVALID };

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function firstCertificate(pem: string): X509Certificate {
  const first = String(pem ?? "").match(PEM_CERTIFICATE)?.[0];
  if (!first) throw new Error(CERTIFICATE_INVALID);
  try {
    return new X509Certificate(first);
  } catch {
    throw new Error(CERTIFICATE_INVALID);
  }
}

/** The subject ("CN=…, O=…") and the end of validity (ISO 8601) of the first certificate of a PEM. */
export function certificateInfo(pem: string): { subject: string; notAfter: string } {
  const cert = firstCertificate(pem);
  return { subject: cert.subject.split("\n").join(", "), notAfter: new Date(cert.validTo).toISOString() };
}

function privateKey(pem: string): KeyObject {
  try {
    return createPrivateKey({ key: pem, format: "pem" });
  } catch {
    throw new Error(KEY_INVALID);
  }
}

/** Throws 'Chave privada não corresponde ao certificado' unless the key is the certificate's. */
export function assertKeyMatches(certPem: string, keyPem: string): void {
  const cert = firstCertificate(certPem);
  if (!cert.checkPrivateKey(privateKey(keyPem))) throw new Error(KEY_MISMATCH);
}

/**
 * A `.p12` / `.pfx` file → the certificate (the key's, then the rest of the chain) and its
 * private key (PKCS#8), both PEM. A wrong password and a file that is no PKCS#12 are told apart.
 */
export function p12ToPem(bytes: Uint8Array, password: string): { certificatePem: string; privateKeyPem: string } {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString("binary")));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (error) {
    if (/MAC could not be verified|Invalid password/i.test((error as Error).message)) throw new Error(P12_PASSWORD_WRONG);
    throw new Error(CERTIFICATE_INVALID);
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const key = keyBags.find((bag) => bag.key)?.key;
  const certificates = certBags.flatMap((bag) => (bag.cert ? [forge.pki.certificateToPem(bag.cert)] : []));
  if (!key || certificates.length === 0) throw new Error(CERTIFICATE_INVALID);
  const privateKeyPem = privateKey(forge.pki.privateKeyToPem(key)).export({ type: "pkcs8", format: "pem" }).toString();
  // The key's own certificate first: that is the one TLS presents; the others complete the chain.
  const keyObject = privateKey(privateKeyPem);
  const own = certificates.findIndex((pem) => new X509Certificate(pem).checkPrivateKey(keyObject));
  if (own < 0) throw new Error(KEY_MISMATCH);
  const ordered = [certificates[own], ...certificates.filter((_, i) => i !== own)];
  return { certificatePem: ordered.map((pem) => pem.trim()).join("\n") + "\n", privateKeyPem };
}

/** A bank's API or token URL: absolute `https://` with a host, no credentials in it. */
export function isBankUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(String(url ?? "").trim());
  } catch {
    return false;
  }
  return parsed.protocol === "https:" && parsed.hostname !== "" && parsed.username === "" && parsed.password === "";
}

/** Throws 'URL do banco inválida' unless `isBankUrl(url)`. */
export function assertBankUrl(url: string): void {
  if (!isBankUrl(url)) throw new Error(BANK_URL_INVALID);
}
