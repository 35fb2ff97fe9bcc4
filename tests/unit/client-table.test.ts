/** The antd table props of the lists (src/client/grid/use-table.tsx): antd's sorter and filters as Refine's. */
import { describe, expect, it } from "vitest";
import { getDefaultSortOrder, toFilters, toSorters } from "../../src/client/grid/use-table.js";

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
