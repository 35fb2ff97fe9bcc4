/** The server side of imports: its hooks (admin.ts). */
import imports from "../../../../resources/imports.js";
import { defineServerModule } from "../../resources/modules.js";
import { importHooks } from "./admin.js";

export default defineServerModule(imports, { hooks: importHooks });
