/** The server side of vendors: its hooks (vendors.ts). */
import vendors from "../../../../resources/vendors.js";
import { defineServerModule } from "../../resources/modules.js";
import { vendorHooks } from "./vendors.js";

export default defineServerModule(vendors, { hooks: vendorHooks });
