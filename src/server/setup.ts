/**
 * `npm run setup -- --company "Name" --currency USD --date-format MM/DD/YYYY --admin you@example.com --password '…'`
 * Creates a company and its first administrator on the configured database (production has no demo data).
 */
import { parseArgs } from "node:util";
import { moduleNames } from "../framework/roles.js";
import { companyDateFormats } from "../framework/dates.js";
import { config } from "./config.js";
import { connect } from "./db/connect.js";
import { migrate } from "./db/migrate.js";
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
await database.db.transaction().execute(async (trx) => {
  const company = await trx.insertInto("companies").values({
    name: values.company!, currency_code: values.currency, company_date_format: values["date-format"],
    module_settings: JSON.stringify(Object.fromEntries(moduleNames.map((m) => [m, true]))),
  }).returning("id").executeTakeFirstOrThrow();
  const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  const user = existing ?? (await trx.insertInto("users").values({ email, name: values.name, password_hash: passwordHash, current_company_id: company.id }).returning("id").executeTakeFirstOrThrow());
  const [first, ...rest] = values.name.split(" ");
  await trx.insertInto("contacts").values({
    company_id: company.id, user_id: user.id, email, first_name: first, last_name: rest.join(" ") || first,
    contact_type: "COMPANY", role: "admin", source: "COMPANY",
  }).execute();
  console.log(`Created company ${values.company} (id ${company.id}) with administrator ${email}${existing ? " (existing login)" : ""}.`);
});
await database.close();
