/** The server side of messages: its hooks (admin.ts). */
import messages from "../../../../resources/messages.js";
import { defineServerModule } from "../../resources/modules.js";
import { messageHooks } from "./admin.js";

export default defineServerModule(messages, { hooks: messageHooks });
