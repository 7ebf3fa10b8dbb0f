import { z } from "zod";

// ---- Responses ----

/** POST /api/objects/upload (issueUploadUrl). */
export const uploadUrlDto = z
  .object({
    uploadURL: z.string().describe("Caminho assinado, de uso único, válido por 15 minutos: `/api/objects/upload/{token}`"),
  })
  .meta({ id: "UploadUrl" });

/** PUT /api/objects/upload/{token} (receiveUpload). */
export const uploadedObjectDto = z
  .object({
    objectPath: z.string().describe("Caminho do arquivo guardado (`/uploads/{id}`), para `PUT /api/users/{id}/avatar`"),
  })
  .meta({ id: "UploadedObject" });
