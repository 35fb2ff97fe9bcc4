/** The server side of catalogue_items: its hooks (catalogue-items.ts). */
import catalogueItems from "../../../../resources/catalogue_items.js";
import { defineServerModule } from "../../resources/modules.js";
import { catalogueItemHooks } from "./catalogue-items.js";

export default defineServerModule(catalogueItems, { hooks: catalogueItemHooks });
