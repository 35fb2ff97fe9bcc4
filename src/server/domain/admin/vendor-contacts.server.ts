/** The server side of vendor_contacts: its hooks (admin.ts) and the vendor's upkeep of its own contacts (vendor-own-contacts.ts). */
import vendorContacts from "../../../../resources/vendor_contacts.js";
import { defineServerModule } from "../../resources/modules.js";
import { vendorContactHooks } from "./admin.js";
import { addOwnContact, deactivateOwnContact, editOwnContact } from "./vendor-own-contacts.js";

export default defineServerModule(vendorContacts, {
  hooks: vendorContactHooks,
  portalActions: { add: addOwnContact, edit_contact: editOwnContact, deactivate: deactivateOwnContact },
});
