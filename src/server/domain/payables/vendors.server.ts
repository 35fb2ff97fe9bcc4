/** The server side of vendors: its hooks (vendors.ts) and the vendor's own portal actions (vendor-self-service.ts). */
import vendors from "../../../../resources/vendors.js";
import { defineServerModule } from "../../resources/modules.js";
import { vendorHooks } from "./vendors.js";
import { updateOwnDetails, uploadW9 } from "./vendor-self-service.js";
import { vendorApproval } from "../approvals/approvables/vendor.js";

export default defineServerModule(vendors, { approval: vendorApproval, hooks: vendorHooks, portalActions: { update_details: updateOwnDetails, upload_w9: uploadW9 } });
