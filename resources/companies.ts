import { defineResource } from "../src/framework/resource.js";
import { companySchema } from "../schemas/company.js";

/** The current company (tenancy "self"): its profile and settings. */
export default defineResource({
  name: "companies",
  kind: "Company",
  schema: companySchema,
  tenancy: "self",
  title: "name",
  menu: { group: "admin", order: 9 },
  routes: { list: "/company", show: "/company/:companyID", edit: "/settings/:companyID" },
  permissions: {
    list: ["readSettings", "readcompanyProfile"],
    show: ["readSettings", "readcompanyProfile"],
    edit: ["allowCompanySettings"],
  },
  columns: [
    { field: "name", link: "show" },
    { field: "currency_code" },
    { field: "company_date_format" },
  ],
  defaultSort: { field: "id", order: "asc" },
  rowActions: [{ action: "edit", permission: ["allowCompanySettings"] }],
});
