/** Settings from the environment, read in one place. */
export const config = {
  port: Number(process.env.PORT ?? 3000),
  /** the address to listen on; unset: see `listenHost` */
  host: process.env.HOST || undefined,
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? "./data",
  production: process.env.NODE_ENV === "production",
  /** e-mail goes out through this SMTP server (smtp://user:pass@host:587); unset: mail is stored in mail_messages only */
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM || "Outlay <no-reply@outlay.invalid>",
  /**
   * MAIL_DELIVERY=off: this process writes mail into the outbox (mail_messages, pending, with its
   * delivery job) but never delivers it — a process with delivery on does (src/server/mail/mail-job.ts)
   */
  mailDelivery: process.env.MAIL_DELIVERY !== "off",
  /** how often a job runner looks for due jobs (seconds; pg-boss takes at least 0.5) */
  jobsPollSeconds: Math.max(0.5, Number(process.env.JOBS_POLL_SECONDS ?? 2) || 2),
  /** when the recurring-invoice run is queued (cron, server time) */
  recurringInvoicesCron: process.env.RECURRING_INVOICES_CRON || "0 * * * *",
  /** when due report schedules are run (cron, server time) */
  reportSchedulesCron: process.env.REPORT_SCHEDULES_CRON || "*/5 * * * *",
  /** MAIL_IN_PORT: the invoice-capture SMTP receiver listens here (docs/capture.md); unset: no receiver */
  mailInPort: process.env.MAIL_IN_PORT ? Number(process.env.MAIL_IN_PORT) : undefined,
  /** MAIL_IN_HOST: the address the receiver listens on (default 0.0.0.0) */
  mailInHost: process.env.MAIL_IN_HOST || undefined,
  /** MAIL_IN_DOMAIN: the domain of the companies' inbound addresses, ap+<code>@MAIL_IN_DOMAIN */
  mailInDomain: process.env.MAIL_IN_DOMAIN || "capture.outlay.invalid",
  /** how often the companies' IMAP mailboxes are polled for invoices (cron) */
  captureImapCron: process.env.CAPTURE_IMAP_CRON || "* * * * *",
  /** SIGNUP=open: anyone may sign up a new company (/signup); closed by default in production */
  signupOpen: (process.env.SIGNUP ?? (process.env.NODE_ENV === "production" ? "closed" : "open")) === "open",
  /** CARD_ISSUER: the card issuer cards are issued and authorized through (docs/cards.md); only the in-repo "simulator" so far */
  cardIssuer: process.env.CARD_ISSUER || "simulator",
  /** CARD_SIMULATOR=on: the card-network simulator's routes answer (a purchase tried on a card); off by default in production */
  cardSimulator: (process.env.CARD_SIMULATOR ?? (process.env.NODE_ENV === "production" ? "off" : "on")) === "on",
  /** the app's public address, put before the paths in e-mail links (e.g. https://outlay.example.com) */
  appUrl: (process.env.APP_URL ?? "").replace(/\/$/, ""),
  /**
   * Behind a reverse proxy: how many proxy hops (a number) or which proxy addresses (comma list of
   * addresses / CIDRs) to trust for X-Forwarded-For. Unset: the header is ignored and the client
   * address is the connection's, so nobody can pick the address sign-in throttling counts against.
   */
  trustProxy: trustProxyOf(process.env.TRUST_PROXY),
  /** the general rate limit (src/server/http/rate-limit.ts): requests per window and bearer token; 0 switches it off */
  rateLimitPerToken: limitOf(process.env.RATE_LIMIT_PER_TOKEN, 1200),
  /** requests per window and client address (all of its tokens and sign-ins); 0 switches it off */
  rateLimitPerAddress: limitOf(process.env.RATE_LIMIT_PER_ADDRESS, 6000),
  rateLimitWindowSeconds: Math.max(1, limitOf(process.env.RATE_LIMIT_WINDOW_SECONDS, 60)),
};

/** A whole number ≥ 0 from the environment, else the default. */
function limitOf(value: string | undefined, fallback: number): number {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : fallback;
}

function trustProxyOf(value: string | undefined): string | false | ((address: string, hop: number) => boolean) {
  if (!value) return false;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/**
 * Where to listen when HOST is not set: only this machine (127.0.0.1) while the database holds the
 * demo logins, whose password is published; every interface (0.0.0.0) otherwise.
 */
export function listenHost(host: string | undefined, demoLogins: boolean): string {
  return host ?? (demoLogins ? "127.0.0.1" : "0.0.0.0");
}
