/** The server side of virtual_cards: its hooks (cards.ts). */
import virtualCards from "../../../../resources/virtual_cards.js";
import { defineServerModule } from "../../resources/modules.js";
import { virtualCardHooks } from "./cards.js";

export default defineServerModule(virtualCards, { hooks: virtualCardHooks });
