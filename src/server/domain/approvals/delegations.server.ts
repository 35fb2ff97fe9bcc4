/** The server side of delegations: its hooks (delegations.ts). */
import delegations from "../../../../resources/delegations.js";
import { defineServerModule } from "../../resources/modules.js";
import { delegationHooks } from "./delegations.js";

export default defineServerModule(delegations, { hooks: delegationHooks });
