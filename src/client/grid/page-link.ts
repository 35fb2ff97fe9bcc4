/**
 * A list page's URL from Refine's table state. Refine's `createLinkForSyncWithLocation` lets the URL's
 * own `currentPage` win over the page asked for (it drops only v4's `current`), so every page link
 * would lead to the page shown; the asked page is set again here.
 */
import type { CrudFilter, CrudSort } from "@refinedev/core";

type LinkBuilder = (params: { pagination: { currentPage: number; pageSize: number }; sorters: CrudSort[]; filters: CrudFilter[] }) => string;

export function pageLink(createLink: LinkBuilder, page: number, pageSize: number, sorters: CrudSort[], filters: CrudFilter[]): string {
  const [path, query] = createLink({ pagination: { currentPage: page, pageSize }, sorters, filters }).split("?");
  const params = new URLSearchParams(query);
  params.set("currentPage", String(page));
  return `${path}?${params.toString()}`;
}
