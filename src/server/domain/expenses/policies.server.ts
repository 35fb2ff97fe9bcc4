/** The server side of policies: its hooks (policies.ts). */
import policies from "../../../../resources/policies.js";
import { defineServerModule } from "../../resources/modules.js";
import { policyHooks } from "./policies.js";

export default defineServerModule(policies, { hooks: policyHooks });
