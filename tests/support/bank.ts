import { expect } from "vitest";
import type { ApiClient } from "./http";
import type { FakeApiPixBank } from "./fake-api-pix-bank";
import { makeClass, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "./factories";
import { shiftMonth, today } from "../../app/domain/calendar/dates";

/**
 * What the API tests of the bank share (issue 42): waiting for the job queue,
 * a branch with a billing Pix key and pupils, and such a branch connected to
 * the fake bank with its month's charges registered there.
 */

/** Polls `read` until `done` holds (the job queue runs after commit, within about a second). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The month after next: its due dates are in the future (the bank refuses a cobv already due). */
export const MONTH_AFTER_NEXT = () => shiftMonth(today().slice(0, 7), 2);

/** A branch with the billing Pix key `pixKey` and a class of `pupils` enrolled on an offer of `monthlyValue`. */
export async function branchWithPupils(admin: ApiClient, options: { pupils?: number; pixKey: string; monthlyValue?: string }) {
  const made = await makeClass();
  const offer = await makeOffer(made.branchId, { monthlyValue: options.monthlyValue ?? "200.00" });
  const settings = await admin.put(`/api/branches/${made.branchId}/billing-settings`, {
    pixKey: options.pixKey,
    payeeName: "Escola de Dança",
    payeeCity: "São Paulo",
    dueDay: 10,
    finePercent: 2,
    monthlyInterestPercent: 1,
  });
  expect(settings.status).toBe(200);
  const families = [];
  for (let i = 0; i < (options.pupils ?? 1); i++) {
    const { guardian, persons } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    await makeEnrollment({ studentId: student.id, classId: made.cls.id, offerId: offer.id, startDate: "2020-01-06" });
    families.push({ guardian, persons, student });
  }
  return { branchId: made.branchId, families };
}

/**
 * A branch of its own Pix key (the bank posts each key's Pix to one webhook)
 * connected to `bank` and checked (our webhook registered there), with
 * `pupils` monthly charges due in the month after next, each registered at
 * the bank; and our webhook's path (with its secret) as the bank posts to it.
 */
export async function connectedBranch(admin: ApiClient, bank: FakeApiPixBank, options: { pupils?: number; monthlyValue?: string } = {}) {
  const pixKey = `escola.${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;
  const { branchId } = await branchWithPupils(admin, { ...options, pixKey });
  const saved = await admin.put(`/api/branches/${branchId}/pix-provider`, { provider: "api-pix", ...bank.connection() });
  expect(saved.status).toBe(200);
  expect((await admin.post(`/api/branches/${branchId}/pix-provider/check`)).body).toMatchObject({ ok: true });
  expect((await admin.post("/api/charges/generate", { month: MONTH_AFTER_NEXT(), branchId })).status).toBe(200);
  const list = (await admin.get(`/api/charges?branchId=${branchId}`)).body as Array<{ id: string }>;
  const charges = [];
  for (const item of list) {
    const registered = await eventually(
      async () =>
        (await admin.get(`/api/charges/${item.id}`)).body as { id: string; code: string; bank: { status: string; txid: string } | null },
      (x) => x.bank?.status === "Registrada",
    );
    charges.push({ id: registered.id, code: registered.code, txid: registered.bank!.txid });
  }
  const webhookPath = new URL(saved.body.webhookUrl as string).pathname;
  return { branchId, charges, pixKey, webhook: `${webhookPath}/pix`, secret: webhookPath.split("/").at(-1)! };
}
