import { describe, expect, it } from "vitest";
import { testCertificates, toP12 } from "../../../tests/support/test-certificates";
import {
  assertBankUrl,
  assertKeyMatches,
  BANK_URL_INVALID,
  CERTIFICATE_INVALID,
  certificateInfo,
  isBankUrl,
  KEY_INVALID,
  KEY_MISMATCH,
  P12_PASSWORD_WRONG,
  p12ToPem,
} from "./certificates.server";

const { client, untrustedClient, ca } = testCertificates();

describe("certificateInfo", () => {
  it("the subject and the end of validity of the first certificate", () => {
    const info = certificateInfo(client.certificatePem + ca.certificatePem);
    expect(info.subject).toBe("CN=Escola de Testes, O=Testes, C=BR");
    expect(info.notAfter).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(new Date(info.notAfter).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });

  it("anything else: 'Certificado inválido'", () => {
    for (const bad of ["", "texto", client.privateKeyPem, "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"]) {
      expect(() => certificateInfo(bad), bad).toThrow(CERTIFICATE_INVALID);
    }
  });
});

describe("assertKeyMatches", () => {
  it("accepts the certificate's own key; another key: 'Chave privada não corresponde ao certificado'", () => {
    expect(() => assertKeyMatches(client.certificatePem, client.privateKeyPem)).not.toThrow();
    expect(() => assertKeyMatches(client.certificatePem, untrustedClient.privateKeyPem)).toThrow(KEY_MISMATCH);
    expect(() => assertKeyMatches(client.certificatePem, "não é chave")).toThrow(KEY_INVALID);
    expect(() => assertKeyMatches("não é certificado", client.privateKeyPem)).toThrow(CERTIFICATE_INVALID);
  });
});

describe("p12ToPem", () => {
  for (const algorithm of ["3des", "aes256"] as const) {
    it(`a .p12 (${algorithm}) becomes the certificate (key's first, then the chain) and its PKCS#8 key`, () => {
      const p12 = toP12(client, "senha-do-banco", { chain: [ca.certificatePem], algorithm });
      const { certificatePem, privateKeyPem } = p12ToPem(p12, "senha-do-banco");
      expect(privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
      expect(certificateInfo(certificatePem).subject).toBe("CN=Escola de Testes, O=Testes, C=BR");
      expect(certificatePem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
      expect(() => assertKeyMatches(certificatePem, privateKeyPem)).not.toThrow();
      expect(() => assertKeyMatches(certificatePem, client.privateKeyPem)).not.toThrow();
    });
  }

  it("the chain listed before the key's certificate is put after it", () => {
    const p12 = toP12(client, "x", { chain: [ca.certificatePem], chainFirst: true });
    const { certificatePem } = p12ToPem(p12, "x");
    expect(certificateInfo(certificatePem).subject).toMatch(/^CN=Escola de Testes/);
    expect(certificatePem.indexOf(client.certificatePem.split("\n")[1])).toBeLessThan(
      certificatePem.indexOf(ca.certificatePem.split("\n")[1]),
    );
  });

  it("a wrong password, and a file that is no PKCS#12, are told apart", () => {
    const p12 = toP12(client, "certa");
    expect(() => p12ToPem(p12, "errada")).toThrow(P12_PASSWORD_WRONG);
    expect(() => p12ToPem(new TextEncoder().encode("não é um p12"), "certa")).toThrow(CERTIFICATE_INVALID);
    expect(() => p12ToPem(new Uint8Array(), "certa")).toThrow(CERTIFICATE_INVALID);
  });
});

describe("isBankUrl", () => {
  it("https with a host only", () => {
    for (const good of ["https://pix.banco.com.br/api/v2", "https://127.0.0.1:8443/v2/", " https://api.bank.example/oauth/token "]) {
      expect(isBankUrl(good), good).toBe(true);
      expect(() => assertBankUrl(good)).not.toThrow();
    }
    for (const bad of [
      "http://pix.banco.com.br/api/v2",
      "http://127.0.0.1:3000",
      "ftp://x",
      "pix.banco.com.br",
      "",
      "https://user:pw@pix.banco.com.br",
    ]) {
      expect(isBankUrl(bad), bad).toBe(false);
      expect(() => assertBankUrl(bad)).toThrow(BANK_URL_INVALID);
    }
  });
});
