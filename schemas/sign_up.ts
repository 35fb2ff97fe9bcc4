/** A sign-up (src/server/domain/identity/sign-up.ts): the new company and its administrator, in the shapes of their schemas. */
import { companySchema } from "./company.js";
import { userSchema } from "./user.js";

const { email, name } = userSchema.properties;
export const signUpSchema = {
  type: "object",
  additionalProperties: false,
  required: ["company_name", "currency_code", "company_date_format", "name", "email", "password", "password_confirmation"],
  properties: {
    company_name: companySchema.properties.name,
    currency_code: companySchema.properties.currency_code,
    company_date_format: companySchema.properties.company_date_format,
    name,
    email: { type: email.type, format: email.format, maxLength: email.maxLength },
    password: { type: "string", maxLength: 200 },
    password_confirmation: { type: "string", maxLength: 200 },
  },
} as const;

/** What /signup sends. */
export interface SignUp {
  company_name: string;
  currency_code: string;
  company_date_format: string;
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}
