/**
 * `npm run setup -- --company "Name" --currency USD --date-format MM/DD/YYYY --admin you@example.com --password '…'`
 * Creates a company and its first administrator on the configured database (production has no demo data).
 */
import { parseArgs } from "node:util";
import { companyDateFormats } from "../framework/dates.js";
import { config } from "./config.js";
import { connect } from "./db/connect.js";
import { migrate } from "./db/migrate.js";
import { createCompany } from "./domain/admin/new-company.js";
import { hashPassword, passwordRule, passwordRuleMessage } from "./domain/identity/passwords.js";

const { values } = parseArgs({
  options: {
    company: { type: "string" },
    currency: { type: "string", default: "USD" },
    "date-format": { type: "string", default: "MM/DD/YYYY" },
    admin: { type: "string" },
    name: { type: "string", default: "Administrator" },
    password: { type: "string" },
  },
});

const problems: string[] = [];
if (!values.company) problems.push("--company is required");
if (!values.admin || !/^[^@\s]+@[^@\s]+$/.test(values.admin)) problems.push("--admin must be an e-mail address");
if (!values.password || !passwordRule.test(values.password)) problems.push(`--password ${passwordRuleMessage}`);
if (!/^[A-Z]{3}$/.test(values.currency)) problems.push("--currency must be an ISO code such as USD");
if (!companyDateFormats.includes(values["date-format"] as never)) problems.push(`--date-format must be ${companyDateFormats.join(" or ")}`);
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}

const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database.db);
const email = values.admin!.toLowerCase();
const passwordHash = await hashPassword(values.password!);
const created = await database.db.transaction().execute((trx) => createCompany(trx,
  { name: values.company!, currency_code: values.currency, company_date_format: values["date-format"] },
  { email, name: values.name, passwordHash }));
console.log(`Created company ${values.company} (id ${created.company.id}) with administrator ${email}${created.existingLogin ? " (existing login)" : ""}.`);
await database.close();
