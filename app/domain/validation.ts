import type { z } from "zod";
import { ValidationError, type FieldErrors } from "./errors";

/** zod issues → `{ field: [messages] }` (nested paths joined with dots, as conform names them). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length
      ? issue.path
          .map(String)
          .join(".")
          .replace(/\.(\d+)/g, "[$1]")
      : "";
    const field = key || "form";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses input with a schema or throws a ValidationError with the schema's Portuguese messages. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsOf(result.error));
  return result.data;
}

/** A uuid check that turns malformed ids into a 404 rather than a database error. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_RE.test(value);
}
