/** Screens other than resource pages: dashboards (declared widgets) and hand-written pages. */
import type { PageDef } from "../../src/framework/pages.js";
import { adminPages } from "./admin.js";
import { dashboards } from "./dashboards.js";
import { expensePages } from "./expenses.js";
import { importPages } from "./imports.js";
import { payablesPages } from "./payables.js";
import { purchasingPages } from "./purchasing.js";

export const pages: readonly PageDef[] = [...dashboards, ...payablesPages, ...purchasingPages, ...expensePages, ...adminPages, ...importPages];
