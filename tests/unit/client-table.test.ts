/**
 * The tables' state: antd's sorter and filters as Refine's (src/client/grid/use-table.tsx), and the list
 * table's sort cycle, selection and pages (grid/SortButton.tsx, grid/selection.ts, grid/Pager.tsx), and
 * the page links (grid/page-link.ts).
 */
import { describe, expect, it } from "vitest";
import { getDefaultSortOrder, toFilters, toSorters } from "../../src/client/grid/use-table.js";
import { nextOrder } from "../../src/client/grid/SortButton.js";
import { pageSelection, togglePage, toggleRow } from "../../src/client/grid/selection.js";
import { pageItems } from "../../src/client/grid/Pager.js";
import { pageLink } from "../../src/client/grid/page-link.js";

describe("list table state", () => {
  it("names a column's sort order as antd does", () => {
    expect(getDefaultSortOrder("due_date", [{ field: "due_date", order: "desc" }])).toBe("descend");
    expect(getDefaultSortOrder("id", [{ field: "due_date", order: "asc" }])).toBeUndefined();
  });

  it("turns antd's sorter into sorters: the column key (nested data paths joined), none when unsorted", () => {
    expect(toSorters({ field: ["vendor", "name"], order: "ascend" })).toEqual([{ field: "vendor.name", order: "asc" }]);
    expect(toSorters({ field: ["vendor", "name"], columnKey: "vendor.name", order: "descend" })).toEqual([{ field: "vendor.name", order: "desc" }]);
    expect(toSorters({ field: "amount", order: undefined })).toEqual([]);
    expect(toSorters([{ field: "a", order: "ascend" }, { field: "b", order: "descend" }])).toEqual([{ field: "a", order: "asc" }, { field: "b", order: "desc" }]);
  });

  it("turns column filters into filters, keeping each one's operator", () => {
    expect(toFilters({ status: ["NEW"], number: ["7"] }, [{ field: "number", operator: "contains", value: "1" }], undefined))
      .toEqual([{ field: "status", operator: "in", value: ["NEW"] }, { field: "number", operator: "contains", value: ["7"] }]);
    expect(toFilters({ amount: ["5"] }, [], [{ field: "amount", operator: "gte", value: "1" }])).toEqual([{ field: "amount", operator: "gte", value: ["5"] }]);
    expect(toFilters({ any: ["x"] }, [{ operator: "or", value: [] }], [{ field: "any", operator: "or", value: [] } as never])).toEqual([]);
  });
});

describe("list table", () => {
  it("cycles a header's sort: ascending, descending, none", () => {
    expect(nextOrder(undefined)).toBe("asc");
    expect(nextOrder("asc")).toBe("desc");
    expect(nextOrder("desc")).toBeUndefined();
  });

  const key = (row: { id: number }) => row.id;
  const rows = (...ids: number[]) => ids.map((id) => ({ id }));

  it("says how much of the page is selected, rows of other pages aside", () => {
    expect(pageSelection(rows(9), rows(1, 2), key)).toBe("none");
    expect(pageSelection(rows(9, 2), rows(1, 2), key)).toBe("some");
    expect(pageSelection(rows(2, 9, 1), rows(1, 2), key)).toBe("all");
  });

  it("selects the page's rows, or clears a wholly selected page, keeping other pages' rows", () => {
    expect(togglePage(rows(9, 2), rows(1, 2), key)).toEqual(rows(9, 2, 1));
    expect(togglePage(rows(9, 2, 1), rows(1, 2), key)).toEqual(rows(9));
  });

  it("toggles one row", () => {
    expect(toggleRow(rows(9), { id: 1 }, key)).toEqual(rows(9, 1));
    expect(toggleRow(rows(9, 1), { id: 1 }, key)).toEqual(rows(9));
  });

  it("shows the pages as antd does: all of seven, else the ends, the current ±2 and jumps between", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, "ahead", 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, "ahead", 20]);
    expect(pageItems(10, 20)).toEqual([1, "back", 8, 9, 10, 11, 12, "ahead", 20]);
    expect(pageItems(20, 20)).toEqual([1, "back", 16, 17, 18, 19, 20]);
  });

  it("links a page to its own URL, not to the page shown (Refine's link builder keeps the URL's currentPage)", () => {
    // what Refine's createLinkForSyncWithLocation gives on page 3, whichever page is asked for
    const refineLink = () => "/invoices?currentPage=3&pageSize=25&sorters[0][field]=amount&sorters[0][order]=asc";
    const link = decodeURIComponent(pageLink(refineLink, 5, 25, [{ field: "amount", order: "asc" }], []));
    expect(link).toBe("/invoices?currentPage=5&pageSize=25&sorters[0][field]=amount&sorters[0][order]=asc");
  });
});
