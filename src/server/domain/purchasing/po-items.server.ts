/** The server side of po_items: its hooks (po-items.ts). */
import poItems from "../../../../resources/po_items.js";
import { defineServerModule } from "../../resources/modules.js";
import { poItemHooks } from "./po-items.js";

export default defineServerModule(poItems, { hooks: poItemHooks });
