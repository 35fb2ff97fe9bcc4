/** The server side of categories: its hooks (admin.ts). */
import categories from "../../../../resources/categories.js";
import { defineServerModule } from "../../resources/modules.js";
import { categoryHooks } from "./admin.js";

export default defineServerModule(categories, { hooks: categoryHooks });
