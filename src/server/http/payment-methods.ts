/**
 * The payment-method helpers of the spec (data-spec 7), for forms that enter bank details:
 * - GET /api/payment_methods/validate_iban?iban= → the 'Valid IBAN Structure' rule: validationMessages
 *   holds that message when the IBAN is valid, else the first problem (data-spec 5: the form shows any
 *   other first message as the error). No bank directory is bundled: bankName, bankAddress, bankCity,
 *   swiftBIC and routingNumber are null; the IBAN's country and bank code are returned.
 * - GET /api/payment_methods/required_fields?country=&currency=[&owner_type=Company] → the payment
 *   types offered for a bank in that country paying in that currency, with the fields each needs
 *   (the table of domain/payments/payment-fields.ts, which also validates every write).
 * Guard: any of reading, adding or editing payment methods; never the vendor portal.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { extractIBAN } from "ibantools";
import { canAct } from "../../framework/permissions.js";
import { ibanProblem, normalizeIban } from "../domain/payments/bank.js";
import { paymentTypesFor } from "../domain/payments/payment-fields.js";
import { resourceByName } from "../../../resources/index.js";
import { forbidden, unprocessable, type FieldErrors } from "../errors.js";

const paymentMethods = resourceByName.get("payment_methods")!;

/** The spec's message for a structurally valid IBAN. */
export const validIbanMessage = "Valid IBAN Structure";

function authorize(request: FastifyRequest) {
  const ctx = request.ctx;
  if (!(["show", "create", "edit"] as const).some((action) => canAct(ctx.principal, paymentMethods, action))) throw forbidden();
  return ctx;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function paymentMethodHelperRoutes(app: FastifyInstance): void {
  app.get("/api/payment_methods/validate_iban", async (request) => {
    authorize(request);
    const input = text((request.query as Record<string, unknown>).iban);
    if (!input) throw unprocessable({ iban: ["can't be blank"] });
    const iban = normalizeIban(input);
    const problem = ibanProblem(iban);
    const parts = problem ? undefined : extractIBAN(iban);
    return {
      data: {
        iban, valid: !problem, country_code: parts?.countryCode ?? null, bank_code: parts?.bankIdentifier ?? null,
        bankName: null, bankAddress: null, bankCity: null, swiftBIC: null, routingNumber: null,
        validationMessages: [{ message: problem ? `IBAN ${problem}` : validIbanMessage }],
      },
    };
  });

  app.get("/api/payment_methods/required_fields", async (request) => {
    authorize(request);
    const query = request.query as Record<string, unknown>;
    const country = text(query.country).toUpperCase();
    const currency = text(query.currency).toUpperCase();
    const ownerType = text(query.owner_type) || "Vendor";
    const errors: FieldErrors = {};
    if (!/^[A-Z]{2}$/.test(country)) errors.country = ["must be a two-letter country code (ISO 3166)"];
    if (currency && !/^[A-Z]{3}$/.test(currency)) errors.currency = ["must be a three-letter currency code (ISO 4217)"];
    if (!["Vendor", "Contact", "Company"].includes(ownerType)) errors.owner_type = ["must be Vendor, Contact or Company"];
    if (Object.keys(errors).length) throw unprocessable(errors);
    return { data: { country, currency: currency || null, owner_type: ownerType, payment_types: paymentTypesFor({ country, currency: currency || null }, ownerType === "Company") } };
  });
}
