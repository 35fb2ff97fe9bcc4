/** The server side of activities: its hooks (admin.ts). */
import activities from "../../../../resources/activities.js";
import { defineServerModule } from "../../resources/modules.js";
import { activityHooks } from "./admin.js";

export default defineServerModule(activities, { hooks: activityHooks });
