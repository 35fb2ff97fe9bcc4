/** Hand-written administration pages (product spec 2.5); the client renders `component` by name. */
import type { PageDef } from "../../src/framework/pages.js";

export const adminPages: readonly PageDef[] = [
  {
    path: "/settings",
    kind: "page",
    title: "pages.settings",
    component: "CompanySettings",
    resource: "companies",
    permissions: ["readSettings", "allowCompanySettings"],
    menu: { group: "admin", order: 10 },
  },
  {
    path: "/user_profile",
    kind: "page",
    title: "pages.userProfile",
    component: "UserProfile",
    permissions: [],
  },
  {
    path: "/contacts/:contactID/permissions",
    kind: "page",
    title: "pages.contactPermissions",
    component: "ContactPermissions",
    resource: "contacts",
    permissions: ["readContacts", "readUsers"],
  },
];
