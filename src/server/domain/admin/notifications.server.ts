/** The server side of notifications: its hooks (admin.ts). */
import notifications from "../../../../resources/notifications.js";
import { defineServerModule } from "../../resources/modules.js";
import { notificationHooks } from "./admin.js";

export default defineServerModule(notifications, { hooks: notificationHooks });
