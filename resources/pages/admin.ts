import type { PageDef } from "../../src/framework/pages.js";

/** Hand-written administration pages: the client components are named here, written in src/client. */
export const adminPages: readonly PageDef[] = [
  { path: "/settings", kind: "page", title: "pages.settings", resource: "companies", component: "CompanySettings", permissions: ["allowCompanySettings", "readSettings"] },
  { path: "/user_profile", kind: "page", title: "pages.userProfile", component: "UserProfile", permissions: [] },
  { path: "/contacts/:contactID/permissions", kind: "page", title: "pages.contactPermissions", resource: "contacts", component: "ContactPermissions", permissions: ["readContacts", "readUsers"] },
];
