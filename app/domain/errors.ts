/**
 * Domain errors. Services throw these; each surface (HTML action, JSON route)
 * turns them into its own answer. Messages are user-facing Portuguese.
 */
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;
  constructor(status: number, message: string, errors?: FieldErrors) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export class ValidationError extends DomainError {
  constructor(errors: FieldErrors, message = firstMessage(errors) ?? "Dados inválidos") {
    super(400, message, errors);
    this.name = "ValidationError";
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = "Não autenticado") {
    super(401, message);
    this.name = "UnauthorizedError";
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = "Você não tem permissão para realizar esta ação", errors?: FieldErrors) {
    super(403, message, errors);
    this.name = "ForbiddenError";
  }
}

export class NotFoundError extends DomainError {
  constructor(message = "Registro não encontrado") {
    super(404, message);
    this.name = "NotFoundError";
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, errors?: FieldErrors) {
    super(409, message, errors);
    this.name = "ConflictError";
  }
}

export class TooManyRequestsError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.name = "TooManyRequestsError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function firstMessage(errors: FieldErrors): string | undefined {
  for (const list of Object.values(errors)) if (list?.length) return list[0];
  return undefined;
}
