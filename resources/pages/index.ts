/** Screens other than resource pages: dashboards (declared widgets) and hand-written pages. */
import type { PageDef } from "../../src/framework/pages.js";
import { adminPages } from "./admin.js";
import { dashboards } from "./dashboards.js";
import { expensePages } from "./expenses.js";

export const pages: readonly PageDef[] = [...dashboards, ...expensePages, ...adminPages];
