import { describe, expect, it } from "vitest";
import { count } from "../support/db";
import { MAX_AVATAR_BYTES } from "~/domain/storage/image";
import { getUser } from "~/domain/users/queries.server";
import { updateUserWithAvatar } from "~/domain/users/service.server";
import { makeUser } from "../support/factories";
import { actorOfType, refusal } from "../support/service";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');

const file = (bytes: Uint8Array, contentType = "image/png") => ({ bytes, contentType, size: bytes.byteLength });

const admin = () => actorOfType("Administrator");

const stored = async () => ({ uploads: await count("uploads"), objects: await count("stored_objects") });

describe("updateUserWithAvatar: the user form's edit with a file", () => {
  it("stores the image (judged by its bytes) and points the user at it", async () => {
    const actor = await admin();
    const user = await makeUser();
    const updated = await updateUserWithAvatar(actor, user.id, { name: "Com Foto" }, file(PNG, "application/octet-stream"));
    expect(updated.name).toBe("Com Foto");
    expect(updated.avatarUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    expect((await getUser(actor, user.id)).avatarUrl).toBe(updated.avatarUrl);
  });

  it("without a file it is a plain update: the avatar is kept", async () => {
    const actor = await admin();
    const user = await makeUser();
    const first = await updateUserWithAvatar(actor, user.id, {}, file(PNG));
    const second = await updateUserWithAvatar(actor, user.id, { name: "Sem Arquivo" }, null);
    expect(second).toMatchObject({ name: "Sem Arquivo", avatarUrl: first.avatarUrl });
  });

  it("refuses a file that is not an image (415) or too large (413) on the avatar field: nothing stored, the user unchanged", async () => {
    const actor = await admin();
    const user = await makeUser({ name: "Sem Mudança" });
    const before = await stored();
    const svg = await refusal(updateUserWithAvatar(actor, user.id, { name: "Mudou" }, file(SVG)));
    expect(svg.status).toBe(415);
    expect(Object.keys(svg.errors ?? {})).toEqual(["avatar"]);
    const big = Buffer.alloc(MAX_AVATAR_BYTES + 1);
    PNG.copy(big);
    const large = await refusal(updateUserWithAvatar(actor, user.id, { name: "Mudou" }, file(big)));
    expect(large.status).toBe(413);
    expect(Object.keys(large.errors ?? {})).toEqual(["avatar"]);
    expect(await getUser(actor, user.id)).toMatchObject({ name: "Sem Mudança", avatarUrl: null });
    expect(await stored()).toEqual(before);
  });

  it("removes the stored file again when the update is refused (e-mail taken)", async () => {
    const actor = await admin();
    const other = await makeUser();
    const user = await makeUser();
    const before = await stored();
    const taken = await refusal(updateUserWithAvatar(actor, user.id, { email: other.email }, file(PNG)));
    expect(taken.status).toBe(409);
    expect(taken.errors).toEqual({ email: ["E-mail já cadastrado"] });
    expect((await getUser(actor, user.id)).avatarUrl).toBeNull();
    expect(await stored()).toEqual(before);
  });

  it("is for administrators only: nothing is stored for Team", async () => {
    const user = await makeUser();
    const before = await stored();
    const refused = await refusal(updateUserWithAvatar(await actorOfType("Team"), user.id, {}, file(PNG)));
    expect(refused.status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
