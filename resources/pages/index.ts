/** Screens other than resource pages: dashboards (declared widgets) and hand-written pages. */
import type { PageDef } from "../../src/framework/pages.js";
import { dashboards } from "./dashboards.js";
import { payablesPages } from "./payables.js";

export const pages: readonly PageDef[] = [...dashboards, ...payablesPages];
