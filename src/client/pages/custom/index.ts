/**
 * Hand-written pages, by the component name a PageDef declares (`component: "CompanySettings"`).
 * The one map from names to code; each is loaded on demand.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { PageDef } from "../../../framework/pages.js";

export interface CustomPageProps {
  page: PageDef;
}

export const customPages: Readonly<Record<string, LazyExoticComponent<ComponentType<CustomPageProps>>>> = {
  CompanySettings: lazy(() => import("./CompanySettings.js")),
  UserProfile: lazy(() => import("./UserProfile.js")),
  ContactPermissions: lazy(() => import("./ContactPermissions.js")),
  PayBills: lazy(() => import("./payments/PayBills.js")),
  ReviewPaymentRun: lazy(() => import("./payments/ReviewPaymentRun.js")),
  PaymentRun: lazy(() => import("./payments/PaymentRun.js")),
  PayExpenses: lazy(() => import("./expenses/PayExpenses.js")),
  ReviewExpenseRun: lazy(() => import("./expenses/ReviewExpenseRun.js")),
  ImportFile: lazy(() => import("./imports/ImportFile.js")),
  Punchout: lazy(() => import("./punchout/pages.js").then((m) => ({ default: m.Punchout }))),
  PurchaseOrderRequestNew: lazy(() => import("./punchout/pages.js").then((m) => ({ default: m.PurchaseOrderRequestNew }))),
};
