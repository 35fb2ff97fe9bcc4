/**
 * Record notices (ResourceDef.notices, framework/notices.ts): what a record's pages warn of at the top,
 * the reasons listed, the action offered and the approval held; and every declared notice points at
 * what its resource has.
 */
import { describe, expect, it } from "vitest";
import { resourceByName, resources } from "../../resources/index.js";
import { approvalHolds, noticeActions, noticesOn } from "../../src/framework/notices.js";
import { declaredActions } from "../../src/framework/resource.js";

const invoices = resourceByName.get("invoices")!;

const exception = (id: number, status: string, message: string) => ({ id, line: id, kind: "receipt", status, message });
const pending = { id: 7, status: "PENDING", valid: true, has_open_exceptions: false, match_exceptions: [] };

describe("an invoice's notices", () => {
  it("says nothing of a coded invoice without open exceptions", () => {
    const shown = noticesOn(invoices, pending);
    expect(shown).toEqual([]);
    expect(approvalHolds(shown)).toEqual([]);
    expect(noticeActions(shown)).toEqual([]);
  });

  it("lists the open exceptions' reasons (not the overridden one), offers the override and holds approval", () => {
    const record = {
      ...pending, has_open_exceptions: true,
      // as the server embeds them: the newest first
      match_exceptions: [exception(3, "OPEN", "Bills 10 on PO-1 line 3, of which 0 received."), exception(2, "OVERRIDDEN", "Price above PO-1 line 2."), exception(1, "OPEN", "Bills 3 on PO-1 line 1, of which 2 received.")],
    };
    const shown = noticesOn(invoices, record);
    expect(shown.map((s) => s.notice.message)).toEqual(["invoices.notices.openExceptions"]);
    // in the order they were found
    expect(shown[0].reasons).toEqual(["Bills 3 on PO-1 line 1, of which 2 received.", "Bills 10 on PO-1 line 3, of which 0 received."]);
    expect(noticeActions(shown)).toEqual(["override_exceptions"]);
    expect(approvalHolds(shown)).toEqual(["invoices.notices.openExceptionsApprove"]);
  });

  it("warns of missing GL coding while the invoice may still be coded, and holds its approval with the spec's tooltip", () => {
    for (const status of ["DRAFT", "NEW", "PENDING", "REJECTED"]) {
      const shown = noticesOn(invoices, { ...pending, status, valid: false });
      expect(shown.map((s) => s.notice.message)).toEqual(["invoices.notices.glCodingRequired"]);
      expect(shown[0].reasons).toBeUndefined();
      expect(approvalHolds(shown)).toEqual(["approval.glCodingRequired"]);
    }
    expect(noticesOn(invoices, { ...pending, status: "PAID", valid: false })).toEqual([]);
  });

  it("shows both when both hold, in declaration order", () => {
    const shown = noticesOn(invoices, { ...pending, valid: false, has_open_exceptions: true, match_exceptions: [exception(1, "OPEN", "Over the order.")] });
    expect(approvalHolds(shown)).toEqual(["invoices.notices.openExceptionsApprove", "approval.glCodingRequired"]);
  });

  it("heads an inbox's edit form too, without the override (that stays on the invoice's page)", () => {
    const inbox = resourceByName.get("invoices_new_inbox")!;
    const shown = noticesOn(inbox, { ...pending, status: "NEW", has_open_exceptions: true, match_exceptions: [exception(1, "OPEN", "Over the order.")] });
    expect(shown.map((s) => s.reasons)).toEqual([["Over the order."]]);
    expect(noticeActions(shown)).toEqual([]);
  });
});

describe("declared notices", () => {
  const declaring = resources.filter((r) => r.notices?.length);

  it("are declared (the test reads something)", () => {
    expect(declaring.map((r) => r.name)).toContain("invoices");
  });

  it("list a has-many relation's field, read with the record, and offer one of the resource's declared actions", () => {
    for (const resource of declaring) {
      for (const notice of resource.notices ?? []) {
        // a computed list (an invoice's look-alikes) is read with the record by its decorate hook
        if (notice.list && (resource.computed ?? []).includes(notice.list.relation)) expect(resource.relations?.[notice.list.relation]).toBeUndefined();
        else if (notice.list) {
          const relation = resource.relations?.[notice.list.relation];
          expect(relation?.kind, `${resource.name}: ${notice.list.relation}`).toBe("hasMany");
          expect(relation?.fields, `${resource.name}: ${notice.list.relation}`).toContain(notice.list.field);
          // whoever reads the record is told why it is held, whatever their keys
          expect(relation?.kind === "hasMany" && relation.readWithParent, `${resource.name}: ${notice.list.relation}`).toBe(true);
          for (const field of [...Object.keys(notice.list.where ?? {}), ...(notice.list.orderBy ? [notice.list.orderBy] : [])]) expect(relation?.fields).toContain(field);
        }
        if (notice.action) expect(declaredActions(resource).map((a) => a.name), resource.name).toContain(notice.action);
      }
    }
  });
});
