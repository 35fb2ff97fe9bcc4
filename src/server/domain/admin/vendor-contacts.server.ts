/** The server side of vendor_contacts: its hooks (admin.ts). */
import vendorContacts from "../../../../resources/vendor_contacts.js";
import { defineServerModule } from "../../resources/modules.js";
import { vendorContactHooks } from "./admin.js";

export default defineServerModule(vendorContacts, { hooks: vendorContactHooks });
