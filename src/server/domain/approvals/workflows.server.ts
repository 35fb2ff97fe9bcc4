/** The server side of workflows: its hooks (workflows.ts). */
import workflows from "../../../../resources/workflows.js";
import { defineServerModule } from "../../resources/modules.js";
import { workflowHooks } from "./workflows.js";

export default defineServerModule(workflows, { hooks: workflowHooks });
