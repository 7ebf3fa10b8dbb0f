import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

/**
 * Certificates made in the test, never stored: a test CA, the fake bank's server certificate
 * (127.0.0.1 and localhost) signed by it, the school's client certificate signed by it, and a
 * second client certificate from another CA, which the fake bank does not trust.
 */

export interface KeyAndCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

export interface TestCertificates {
  /** The test CA: the fake bank trusts client certificates it signed, and the client trusts the bank through it. */
  ca: KeyAndCertificate;
  /** The fake bank's TLS certificate (127.0.0.1, localhost). */
  server: KeyAndCertificate;
  /** The school's client certificate, signed by the test CA. */
  client: KeyAndCertificate;
  /** A client certificate signed by another CA: the bank refuses it. */
  untrustedClient: KeyAndCertificate;
}

function rsaKeys(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey; privateKeyPem: string } {
  // node:crypto makes the key (fast, native); forge signs the certificates.
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e), privateKeyPem: privateKey };
}

interface Issue {
  commonName: string;
  /** The issuer; none: self-signed (a CA). */
  issuer?: { certificate: forge.pki.Certificate; privateKey: forge.pki.rsa.PrivateKey };
  isCa?: boolean;
  serverNames?: { ip?: string[]; dns?: string[] };
  clientAuth?: boolean;
  notAfter?: Date;
}

function issue(options: Issue): KeyAndCertificate & { certificate: forge.pki.Certificate; privateKey: forge.pki.rsa.PrivateKey } {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = "01" + randomBytes(8).toString("hex");
  cert.validity.notBefore = new Date(Date.now() - 60 * 60 * 1000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  const subject = [
    { name: "commonName", value: options.commonName },
    { name: "organizationName", value: "Testes" },
    { name: "countryName", value: "BR" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(options.issuer ? options.issuer.certificate.subject.attributes : subject);
  const extensions: object[] = [{ name: "basicConstraints", cA: Boolean(options.isCa), critical: true }];
  if (options.isCa) extensions.push({ name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true });
  else extensions.push({ name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true });
  if (options.serverNames) {
    extensions.push({ name: "extKeyUsage", serverAuth: true });
    extensions.push({
      name: "subjectAltName",
      altNames: [
        ...(options.serverNames.dns ?? []).map((value) => ({ type: 2, value })),
        ...(options.serverNames.ip ?? []).map((ip) => ({ type: 7, ip })),
      ],
    });
  }
  if (options.clientAuth) extensions.push({ name: "extKeyUsage", clientAuth: true });
  extensions.push({ name: "subjectKeyIdentifier" });
  cert.setExtensions(extensions);
  cert.sign(options.issuer?.privateKey ?? keys.privateKey, forge.md.sha256.create());
  return {
    certificate: cert,
    privateKey: keys.privateKey,
    certificatePem: forge.pki.certificateToPem(cert),
    privateKeyPem: keys.privateKeyPem,
  };
}

const plain = ({ certificatePem, privateKeyPem }: KeyAndCertificate): KeyAndCertificate => ({ certificatePem, privateKeyPem });

/** Makes a new set (each about 0.1–0.5 s of key generation). */
export function makeTestCertificates(): TestCertificates {
  const ca = issue({ commonName: "CA de Testes da API Pix", isCa: true });
  const otherCa = issue({ commonName: "Outra CA", isCa: true });
  const server = issue({ commonName: "banco.teste", issuer: ca, serverNames: { ip: ["127.0.0.1"], dns: ["localhost"] } });
  const client = issue({ commonName: "Escola de Testes", issuer: ca, clientAuth: true });
  const untrustedClient = issue({ commonName: "Escola Desconhecida", issuer: otherCa, clientAuth: true });
  return { ca: plain(ca), server: plain(server), client: plain(client), untrustedClient: plain(untrustedClient) };
}

let shared: TestCertificates | null = null;

/** One set per test process. */
export function testCertificates(): TestCertificates {
  shared ??= makeTestCertificates();
  return shared;
}

/** A PKCS#12 (.p12) file of a key and its certificate (and more certificates of the chain), as banks hand them out. */
export function toP12(
  pair: KeyAndCertificate,
  password: string,
  options: { chain?: string[]; algorithm?: "3des" | "aes256"; chainFirst?: boolean } = {},
): Uint8Array {
  const key = forge.pki.privateKeyFromPem(pair.privateKeyPem);
  const own = [pair.certificatePem];
  const chain = options.chain ?? [];
  const certs = (options.chainFirst ? [...chain, ...own] : [...own, ...chain]).map((pem) => forge.pki.certificateFromPem(pem));
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certs, password, { algorithm: options.algorithm ?? "3des" });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}
