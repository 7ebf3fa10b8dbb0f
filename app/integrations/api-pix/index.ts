/** The API Pix client (one adapter for every bank that implements the Banco Central's standard) and its pieces. */
export * from "./client.server";
export * from "./errors";
export * from "./certificates.server";
export * from "./amounts";
export * from "./txid";
export type { Cobv, CobvRequest, CobvPatch, PixReceived, Refund, RefundStatus } from "./schema";
