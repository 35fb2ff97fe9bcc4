import { defineResource } from "../src/framework/resource.js";
import { ssoSettingSchema } from "../schemas/sso_setting.js";
import { activation } from "./shared/status_actions.js";

/** The company's single sign-on providers (docs/identity.md "Single sign-on"). */
export default defineResource({
  name: "sso_settings",
  schema: ssoSettingSchema,
  title: "email_domain",
  menu: { group: "admin", order: 10 },
  routes: { list: "/settings/sso", show: "/settings/sso/:ssoSettingID", create: "/settings/sso/new", edit: "/settings/sso/:ssoSettingID/edit" },
  permissions: {
    list: ["allowCompanySettings"],
    show: ["allowCompanySettings"],
    create: ["allowCompanySettings"],
    edit: ["allowCompanySettings"],
    delete: ["allowCompanySettings"],
  },
  statuses: { field: "status", values: [{ code: "ACTIVE", color: "green" }, { code: "INACTIVE", color: "default" }] },
  columns: [
    { field: "email_domain", link: "show", filterable: true },
    { field: "protocol", kind: "enum", filterable: true },
    { field: "issuer" },
    { field: "default_role", kind: "enum", codes: "roles" },
    { field: "jit_enabled", kind: "boolean" },
    { field: "enforced", kind: "boolean" },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "email_domain", order: "asc" },
  search: ["email_domain", "issuer"],
  recordActions: activation(["allowCompanySettings"]),
  rowActions: [
    { action: "edit", permission: ["allowCompanySettings"] },
    { action: "delete", permission: ["allowCompanySettings"], confirm: "confirm.deleteSsoSetting" },
  ],
});
