/**
 * A company's invoice capture settings: the IMAP password encrypted before it is stored (and an edit
 * that leaves it empty keeps the stored one), the inbound address shown beside its code, an IMAP
 * mailbox complete before polling is switched on.
 */
import captureSettings from "../../../../resources/capture_settings.js";
import { config } from "../../config.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import { defineServerModule } from "../../resources/modules.js";
import { inboundAddress } from "./mail-in.js";
import { encryptSecret, NoSecretKey } from "./secrets.js";

function check(data: Row, existing: Row | undefined): void {
  if (typeof data.address_code === "string") data.address_code = data.address_code.trim().toLowerCase();
  if (existing && (data.imap_password === null || data.imap_password === "")) delete data.imap_password;
  const merged = { ...existing, ...data };
  const errors: FieldErrors = {};
  if (merged.imap_enabled === true) {
    for (const field of ["imap_host", "imap_user", "imap_password"]) {
      if (typeof merged[field] !== "string" || String(merged[field]).trim() === "") errors[field] = ["is required to poll a mailbox"];
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  if (typeof data.imap_password === "string" && data.imap_password !== "") {
    try {
      data.imap_password = encryptSecret(data.imap_password);
    } catch (error) {
      if (error instanceof NoSecretKey) throw unprocessable({ imap_password: [error.message] });
      throw error;
    }
  }
}

export default defineServerModule(captureSettings, {
  hooks: {
    beforeCreate: (data) => check(data, undefined),
    beforeUpdate: (data, existing) => check(data, existing),
    decorate(rows) {
      for (const row of rows) row.inbound_address = inboundAddress(String(row.address_code), config.mailInDomain);
    },
  },
});
