/** Accrual requests: purchaser_name for the lists. */
import type { ResourceHooks } from "../../resources/modules.js";
import { fullName } from "./accrual-blasts.js";

export const accrualRequestHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) row.purchaser_name = fullName(row.purchaser);
  },
};
