-- Hand-written: the vendor duplicate check (src/server/domain/payables/vendor-duplicates.ts) compares a
-- bulk import's batch with the company's vendors in one query, by normalised name or tax id. Without
-- these, that query computes the regular expression on every vendor of the company for every batch.
-- The expression must stay the one `normalisedNameSql` writes, or the index is not used.

CREATE INDEX "vendors_company_id_normalised_name_idx" ON "vendors" ("company_id", (regexp_replace(regexp_replace(lower(name), '\y(incorporated|inc|llc|l\.l\.c|ltd|limited|corp|corporation|co|company|gmbh|plc|llp|lp|sa|ag)\y', '', 'g'), '[^a-z0-9]', '', 'g')));

CREATE INDEX "vendors_company_id_tax_id_idx" ON "vendors" ("company_id", "tax_id");
