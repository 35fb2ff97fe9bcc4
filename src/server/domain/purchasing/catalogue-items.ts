/** Catalogue items: subsidiary_str lists the names of the subsidiaries the item is offered to. */
import type { ResourceHooks } from "../../resources/modules.js";

export const catalogueItemHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) row.subsidiary_str = ((row.subsidiaries as { name: string }[] | undefined) ?? []).map((s) => s.name).join(", ");
  },
};
