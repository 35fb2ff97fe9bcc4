/** Errors leave the server in one shape: { errors: { <field>|base: [message] } }, never a stack trace. */
import type { FastifyError, FastifyInstance } from "fastify";
import { HttpError, inputErrorMessage, isInputError } from "../errors.js";
import { QueryError } from "../resources/grammar.js";

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
