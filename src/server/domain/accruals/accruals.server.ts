/** The server side of accruals: its hooks (accruals.ts) and its journal actions (accrual-ledger.ts). */
import accruals from "../../../../resources/accruals.js";
import { defineServerModule } from "../../resources/modules.js";
import { closeAccrual, postAccrual, reverseAccrual } from "./accrual-ledger.js";
import { accrualHooks, matchAccrual } from "./accruals.js";
import { accrualApproval } from "../approvals/approvables/accrual.js";

export default defineServerModule(accruals, { approval: accrualApproval, hooks: accrualHooks, actions: { post: postAccrual, reverse: reverseAccrual, match: matchAccrual, close: closeAccrual } });
