/**
 * Errors leave the server in one shape: { errors: { <field>|base: [message] } }, never a stack trace.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { QueryError } from "../../framework/query.js";

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(public readonly status: number, public readonly errors: FieldErrors) {
    super(Object.values(errors).flat().join(", "));
  }
}

export const badRequest = (message: string) => new HttpError(400, { base: [message] });
export const unauthorized = (message = "Please login") => new HttpError(401, { base: [message] });
export const forbidden = (message = "You are not authorized to perform this action.") => new HttpError(403, { base: [message] });
export const notFound = (message = "Record not found.") => new HttpError(404, { base: [message] });
export const conflict = (message: string) => new HttpError(409, { base: [message] });
export const unprocessable = (errors: FieldErrors) => new HttpError(422, errors);

/**
 * SQLSTATE classes a request's own values cause: 22 data exception (invalid text representation,
 * numeric out of range, bad datetime, invalid byte sequence …) and 54 program limit exceeded
 * (stack depth, an index row too large). Validation refuses these values first; this is the last
 * line of defence, so that a value it missed is the client's 422 and not the server's 500.
 */
export const inputErrorMessage = "A value in this request cannot be stored or compared: please check it.";

export function isInputError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(22|54)[0-9A-Z]{3}$/.test(code);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).send({ errors: error.errors });
    if (error instanceof QueryError) return reply.status(error.status).send({ errors: { [error.status === 422 ? error.field : "base"]: [error.message] } });
    if (error.validation) return reply.status(400).send({ errors: { base: [error.message] } });
    if (isInputError(error)) {
      request.log.warn({ err: error }, "input the validation let through");
      return reply.status(422).send({ errors: { base: [inputErrorMessage] } });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ errors: { base: [error.message] } });
    request.log.error(error);
    return reply.status(500).send({ errors: { base: ["Something went wrong."] } });
  });
}

export const noRoute = (method: string, url: string) => notFound(`No route ${method} ${url.split("?")[0]}`);
