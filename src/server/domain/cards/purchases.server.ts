/** The server side of purchases: its hooks (cards.ts). */
import purchases from "../../../../resources/purchases.js";
import { defineServerModule } from "../../resources/modules.js";
import { purchaseHooks } from "./cards.js";
import { purchaseApproval } from "../approvals/approvables/purchase.js";

export default defineServerModule(purchases, { approval: purchaseApproval, hooks: purchaseHooks });
