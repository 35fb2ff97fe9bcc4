/** The lines' context (LinesDef `context`, framework/lines.ts): its relations, the grid's column order, a pulled line, the declarations' check. */
import { describe, expect, it } from "vitest";
import { resourceByName, resources } from "../../resources/index.js";
import { contextProblems, contextRelations, gridColumns, pulledLine } from "../../src/framework/lines.js";
import { referencesOf } from "../../src/framework/outline.js";
import type { LinesDef, ResourceDef } from "../../src/framework/resource.js";

const receipts = resourceByName.get("receipts")!;
const receiptLines = receipts.lines![0];
const receiptItems = resourceByName.get("receipt_items")!;
const poLines = resourceByName.get("purchase_orders")!.lines![0];
const poItems = resourceByName.get("po_items")!;

describe("line context", () => {
  it("reads the relation a path names, with the fields of it", () => {
    expect(contextRelations(receiptItems, receiptLines)).toEqual([{
      name: "po_item", relation: receiptItems.relations!.po_item, fields: ["quantity", "qty_received", "qty_to_receive"],
    }]);
    // own figures name no relation
    expect(contextRelations(poItems, poLines)).toEqual([]);
    expect(() => contextRelations(receiptItems, { ...receiptLines, context: { po_item_id: ["receipt.status", "nothing.x"] } })).toThrow(/nothing must name a belongs-to relation/);
  });

  it("puts each figure after its field, leaves out one no line has yet and never repeats a field", () => {
    const pulled = [{ po_item_id: 7, quantity: "3", po_item: { id: 7, quantity: "10", qty_received: "7", qty_to_receive: "3" } }];
    expect(gridColumns(receiptLines, receiptLines.fields, pulled)).toEqual([
      { field: "po_item_id", context: false },
      { field: "po_item.quantity", context: true },
      { field: "po_item.qty_received", context: true },
      { field: "po_item.qty_to_receive", context: true },
      { field: "quantity", context: false },
    ]);
    // a new receipt's blank line: no figures yet, no empty columns
    expect(gridColumns(receiptLines, receiptLines.fields, [{}]).map((c) => c.field)).toEqual(["po_item_id", "quantity"]);
    // a PO's show page: the relation's fields, its received and billed moved after the quantity, before the coding
    const shown = ["description", "quantity", "unit_price", "amount", "account_number", "department", "qty_received", "qty_billed"];
    const line = { quantity: "10", qty_received: "0", qty_billed: "0", qty_balance: "10" };
    expect(gridColumns(poLines, shown, [line]).map((c) => c.field)).toEqual([
      "description", "quantity", "qty_received", "qty_billed", "qty_balance", "unit_price", "amount", "account_number", "department",
    ]);
  });

  it("a pulled line carries the figures of the line it was pulled from, its own fields mapped", () => {
    const from = { id: 7, description: "Desk", quantity: "10", qty_received: "7", qty_billed: "0", qty_balance: "10", qty_to_receive: "3", unit_price: "100.00" };
    expect(pulledLine(receiptItems, receiptLines, "po_items", from)).toEqual({
      po_item_id: 7, quantity: "3", po_item: { id: 7, quantity: "10", qty_received: "7", qty_to_receive: "3" },
    });
    // pulled from another resource than the relation's: mapped, no figures
    expect(pulledLine(receiptItems, receiptLines, "catalogue_items", from)).toEqual({ po_item_id: 7, quantity: "3" });
  });

  it("every declared context names a field of its grid and readable figures; a bad one is reported", () => {
    const problems = resources.flatMap((r) => (r.lines ?? []).flatMap((def) => {
      const relation = r.relations?.[def.relation];
      return contextProblems(resourceByName.get(relation!.resource)!, def, resourceByName);
    }));
    expect(problems).toEqual([]);
    const bad: LinesDef = { ...receiptLines, context: { notes: ["po_item.nope", "quantity", "receipt.status"] } };
    expect(contextProblems(receiptItems, bad, resourceByName)).toEqual([
      "receipt_items: context after notes, not a field of the grid",
      "receipt_items: context po_item.nope is no field of po_items",
      "receipt_items: context quantity is neither server-owned nor computed",
    ]);
  });

  it("a record page loads the declarations its lines' context reads", () => {
    const byName = new Map<string, ResourceDef>(resources.map((r) => [r.name, r]));
    const withoutPick: ResourceDef = { ...receipts, lines: [{ ...receiptLines, pick: undefined }], relations: { receipt_items: receipts.relations!.receipt_items } };
    expect(referencesOf(withoutPick, byName)).toEqual(["receipt_items", "po_items"]);
  });
});
