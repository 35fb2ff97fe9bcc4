/** The server side of contacts: its hooks (users.ts). */
import contacts from "../../../../resources/contacts.js";
import { defineServerModule } from "../../resources/modules.js";
import { contactHooks } from "./users.js";

export default defineServerModule(contacts, { hooks: contactHooks });
