/** The tables a run's create, exclusion, processing or deletion writes (their caches forget them after the commit). */
export const runTables = ["payment_runs", "payment_run_batches", "payment_run_items", "payments", "invoice_payment_links", "invoices", "activities"] as const;
