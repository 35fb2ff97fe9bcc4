/**
 * The errors a request can end in, raised anywhere on the server (domain, resources, http) and sent
 * by the error handler (http/errors.ts) in one shape: { errors: { <field>|base: [message] } }.
 */
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

export const noRoute = (method: string, url: string) => notFound(`No route ${method} ${url.split("?")[0]}`);
