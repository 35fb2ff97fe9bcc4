/**
 * /vcard_approvals and the approval screen /vcard_approvals/:vcardID: cards awaiting approval
 * (status PENDING). Guarded by approveVCards, so a view resource of the virtual_cards table that the
 * server confines to PENDING cards.
 */
import { defineResource } from "../src/framework/resource.js";
import { virtualCardList } from "./virtual_cards.js";

export default defineResource({
  ...virtualCardList,
  name: "vcard_approvals",
  table: "virtual_cards",
  baseFilter: { status: "PENDING" },
  menu: { group: "cards", order: 2 },
  routes: {
    list: "/vcard_approvals",
    views: [{ path: "/vcard_approvals", approvalList: true }, { path: "/vcard_approvals/:vcardID", page: "approval" }],
  },
  permissions: { list: ["approveVCards"], show: ["approveVCards"] },
});
