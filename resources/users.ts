import { defineResource } from "../src/framework/resource.js";
import { contactSchema } from "../schemas/contact.js";
import { contactStatuses } from "./contacts.js";
import { activation } from "./shared/status_actions.js";

/** Users are the company's contacts that can sign in; addressed by contact id (spec /users/{contactID}). */
export default defineResource({
  name: "users",
  table: "contacts",
  baseFilter: { user_id_null: "false" },
  schema: contactSchema,
  title: "email",
  menu: { group: "admin", order: 1 },
  routes: { list: "/users", show: "/users/:contactID", create: "/users/new", edit: "/edit_user/:contactID" },
  permissions: {
    list: ["listUsers"],
    show: ["readUsers"],
    create: ["addUsers"],
    edit: ["editUsers"],
  },
  statuses: contactStatuses,
  columns: [
    { field: "email", link: "show", filterable: true },
    { field: "first_name", filterable: true },
    { field: "last_name", filterable: true },
    { field: "role", kind: "enum", filterable: true },
    { field: "locked", kind: "boolean", sortable: false },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "email", order: "asc" },
  search: ["first_name", "last_name", "email"],
  serverFields: ["user_id", "contact_type", "source", "vendor_id"],
  computed: ["locked"],
  recordActions: [
    ...activation(["editUsers"]),
    // an explicit lock and the sign-in throttles of the account
    { name: "unlock", kind: "post", label: "userActions.unlock", permission: ["editUsers"], confirm: "confirm.unlockUser" },
    // a new invitation link (the earlier one revoked), until the invitation is accepted
    { name: "resend_invitation", kind: "post", label: "userActions.resendInvitation", permission: ["addUsers"], when: { status: "INVITED" }, confirm: "confirm.resendInvitation" },
  ],
  rowActions: [{ action: "edit", permission: ["editUsers"] }],
});
