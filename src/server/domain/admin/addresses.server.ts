/** The server side of addresses: its hooks (addresses.ts). */
import addresses from "../../../../resources/addresses.js";
import { defineServerModule } from "../../resources/modules.js";
import { addressHooks } from "./addresses.js";

export default defineServerModule(addresses, { hooks: addressHooks });
