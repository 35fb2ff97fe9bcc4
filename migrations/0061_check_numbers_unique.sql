-- A check number is issued once per originating account (bank-files/checks.ts takes the next under
-- the account's row lock; this is the second wall).
CREATE UNIQUE INDEX IF NOT EXISTS "checks_company_id_from_number_key" ON "checks" ("company_id", "payment_method_from_id", "check_number");
