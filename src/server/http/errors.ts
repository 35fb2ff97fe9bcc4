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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).send({ errors: error.errors });
    if (error instanceof QueryError) return reply.status(400).send({ errors: { base: [error.message] } });
    if (error.validation) return reply.status(400).send({ errors: { base: [error.message] } });
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ errors: { base: [error.message] } });
    request.log.error(error);
    return reply.status(500).send({ errors: { base: ["Something went wrong."] } });
  });
}

export const noRoute = (method: string, url: string) => notFound(`No route ${method} ${url.split("?")[0]}`);
