/** The server side of virtual_cards: its hooks (cards.ts) and actions (card-actions.ts). */
import virtualCards from "../../../../resources/virtual_cards.js";
import { defineServerModule } from "../../resources/modules.js";
import { replaceCard, simulateAuthorization } from "./card-actions.js";
import { virtualCardHooks } from "./cards.js";
import { virtualCardApproval } from "../approvals/approvables/virtual-card.js";

export default defineServerModule(virtualCards, { approval: virtualCardApproval, hooks: virtualCardHooks, actions: { replace: replaceCard, simulate_authorization: simulateAuthorization } });
