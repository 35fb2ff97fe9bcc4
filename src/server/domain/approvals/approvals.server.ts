/** The server side of approvals: its hooks (approvals.ts) and the engine's approve (also in bulk), reject and claim (engine.ts). */
import approvals from "../../../../resources/approvals.js";
import { defineServerModule } from "../../resources/modules.js";
import { approvalHooks } from "./approvals.js";
import { approvalAction } from "./engine.js";

export default defineServerModule(approvals, {
  hooks: approvalHooks,
  actions: { approve: approvalAction("approve"), reject: approvalAction("reject"), claim: approvalAction("claim") },
});
