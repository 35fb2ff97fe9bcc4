/**
 * A supplier's catalogue site the company buys from by punchout (docs/punchout.md): where its cXML
 * PunchOutSetupRequest goes, the cXML identities of the two sides, the shared secret both sides
 * prove themselves with, and the vendor its orders are for. Only enabled suppliers are offered.
 */
const domain = { type: "string", minLength: 1, maxLength: 100, default: "NetworkID" } as const;
const identity = { type: "string", minLength: 1, maxLength: 200 } as const;

export const punchoutSupplierSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "provider", "vendor_id", "setup_url", "from_identity", "to_identity"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 100 },
    /** the code the punchout buttons send (`GET /api/punchout/generate_url?provider=`); one per company */
    provider: { type: "string", pattern: "^[a-z0-9][a-z0-9_-]{0,39}$" },
    vendor_id: { type: "integer", "x-references": "vendors" },
    /** the supplier's PunchOutSetupRequest URL */
    setup_url: { type: "string", pattern: "^https?://\\S+$", maxLength: 500 },
    /** the buyer (this company) as the supplier knows it: Header From */
    from_domain: domain,
    from_identity: identity,
    /** the supplier: Header To */
    to_domain: domain,
    to_identity: identity,
    /** Header Sender, whose credential carries the shared secret; empty: the From identity */
    sender_domain: { type: ["string", "null"], maxLength: 100 },
    sender_identity: { type: ["string", "null"], maxLength: 200 },
    /** the SharedSecret of both directions; accepted on writes, never returned */
    shared_secret: { type: ["string", "null"], maxLength: 500, writeOnly: true },
    enabled: { type: "boolean", default: true },
  },
} as const;
