import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn } from "../support/http";
import { count } from "../support/db";

/**
 * After sign-in the browser follows `redirectTo`: only paths of this site, read
 * the way a browser reads a Location header, and never a 500.
 */
let email: string;

beforeAll(async () => {
  email = (await signIn("Client", "Redirecionada")).user!.email;
});

async function signInWith(redirectTo: string) {
  const browser = anonymous();
  const res = await browser.form("/auth?mode=login", { mode: "login", email, password: "segredo123", redirectTo });
  return { res, browser };
}

describe("redirect after sign-in", () => {
  it("follows a path of this site", async () => {
    const { res } = await signInWith("/trials?month=2026-11");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/trials?month=2026-11");
  });

  it.each([
    ["tab", "/\t/evil.example"],
    ["line feed", "/\n/evil.example"],
    ["backslash", "/\\evil.example"],
    ["protocol-relative", "//evil.example"],
    ["dot segment", "/.//evil.example"],
    ["absolute URL", "https://evil.example/"],
  ])("refuses another origin hidden by a %s (goes to the account's home: a family's space)", async (_, redirectTo) => {
    const { res } = await signInWith(redirectTo);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/family");
  });

  it("a carriage return or a header injection is a normal sign-in (302 to a path, one session), never a 500", async () => {
    for (const redirectTo of ["/users\r", "/users\r\nSet-Cookie: evil=1", "/\r/evil.example"]) {
      const before = await count("sessions");
      const { res, browser } = await signInWith(redirectTo);
      expect(res.status, JSON.stringify(redirectTo)).toBe(302);
      const location = res.headers.get("location")!;
      expect(location).toMatch(/^\/(?!\/)/);
      expect(browser.cookies.has("evil")).toBe(false);
      expect(await count("sessions")).toBe(before + 1);
      expect((await browser.get("/api/user")).status).toBe(200);
    }
  });
});
