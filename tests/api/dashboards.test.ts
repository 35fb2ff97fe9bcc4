/**
 * The home dashboards on the demo data (issue 17 item 7): every widget of every variant answers for a
 * user of that variant; the controller's AP aging adds up to the payable balance tile (same rows, same
 * column); the approver's list is what awaits them, oldest first.
 */
import { describe, expect, it } from "vitest";
import { dashboards } from "../../resources/pages/dashboards.js";
import { resolveFilter, type Filter, type Widget } from "../../src/framework/pages.js";
import { isoDate } from "../../src/framework/dates.js";
import { canAct, type Principal } from "../../src/framework/permissions.js";
import { resourceByName } from "../../resources/index.js";
import { sum } from "../../src/framework/money.js";
import { useApp } from "./harness.js";

const h = useApp();
const home = dashboards.find((p) => p.path === "/dashboard")!;
/** a demo user of each variant, by its title */
const users: Record<string, string> = {
  "dashboards.admin": "admin@acme.test",
  "dashboards.purchasing": "po@acme.test",
  "dashboards.ap": "ap@acme.test",
  "dashboards.approver": "approver@acme.test",
  "dashboards.staff": "staff@acme.test",
};

interface StatRow { key: string | null; count: number; sum: string | null }

const query = (filter: Filter | undefined, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(resolveFilter(filter, isoDate()) ?? {})) for (const v of [value].flat()) params.append(key, v);
  return params.toString();
};

async function get<T>(url: string, headers: Record<string, string>): Promise<{ status: number; data: T }> {
  const response = await h.app.inject({ method: "GET", url, headers });
  return { status: response.statusCode, data: response.json().data as T };
}

/** The request a widget makes (Dashboard.tsx, DashboardList.tsx). */
function widgetUrl(widget: Widget): string {
  if (widget.type === "list") return `/api/${widget.resource}?${query(widget.filter, { _sort: widget.sort.field, _order: widget.sort.order, _end: String(widget.limit) })}`;
  const extra: Record<string, string> = {};
  if (widget.type === "chart") extra._group = widget.group;
  const field = widget.type === "sum" ? widget.field : widget.type === "chart" ? widget.sum : undefined;
  if (field) extra._sum = field;
  return `/api/${widget.resource}/stats?${query(widget.filter, extra)}`;
}

describe("home dashboards", () => {
  it("has a variant for the AP clerk and the approver, and every widget it shows answers for its role", async () => {
    expect(Object.keys(users).sort()).toEqual(home.variants!.map((v) => v.title).sort());
    for (const variant of home.variants!) {
      const headers = await h.login(users[variant.title]);
      const user = (await get<Principal>("/api/users/current", headers)).data;
      // the page leaves out what the user may not list (and the server refuses it)
      const shown = variant.widgets.filter((w) => canAct(user, resourceByName.get(w.resource)!, "list"));
      expect(shown.length, variant.title).toBeGreaterThan(variant.widgets.length / 2);
      for (const widget of shown) {
        const answer = await get(widgetUrl(widget), headers);
        expect(answer.status, `${variant.title} ${widget.title}`).toBe(200);
      }
    }
  });

  it("ages exactly the payable balance: the buckets add up to the tile, row for row", async () => {
    const admin = home.variants!.find((v) => v.title === "dashboards.admin")!;
    const tile = admin.widgets.find((w) => w.title === "widgets.payableBalance")!;
    const aging = admin.widgets.find((w) => w.title === "widgets.apAging")!;
    expect(tile.type === "sum" && aging.type === "chart" && aging.total).toBe(true);
    const headers = await h.login("admin@acme.test");
    const [balance] = (await get<StatRow[]>(widgetUrl(tile), headers)).data;
    const buckets = (await get<StatRow[]>(widgetUrl(aging), headers)).data;
    // the demo data has approved invoices in more than one bucket: the check is not trivially true
    expect(Number(balance.sum)).toBeGreaterThan(0);
    expect(buckets.length).toBeGreaterThan(1);
    expect(sum(buckets.map((b) => b.sum ?? "0"))).toBe(sum([balance.sum!]));
    expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(balance.count);
  });

  it("lists what awaits the approver, oldest first, and nothing that awaits someone else", async () => {
    const approver = home.variants!.find((v) => v.title === "dashboards.approver")!;
    const list = approver.widgets.find((w) => w.type === "list")!;
    const count = approver.widgets.find((w) => w.title === "widgets.awaitingMe")!;
    const headers = await h.login("approver@acme.test");
    const rows = (await get<{ created_at: string; aasm_state: string; approvable: { screen: string } }[]>(widgetUrl(list), headers)).data;
    const [awaiting] = (await get<StatRow[]>(widgetUrl(count), headers)).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBe(Math.min(awaiting.count, list.type === "list" ? list.limit : 0));
    const created = rows.map((r) => r.created_at);
    expect(created).toEqual([...created].sort());
    expect(new Set(rows.map((r) => r.aasm_state))).toEqual(new Set(["pending"]));
    for (const row of rows) expect(row.approvable.screen).toMatch(/^\//);
    // the AP clerk approves nothing of the demo's: the same list is theirs only where it awaits them
    const clerk = (await get<StatRow[]>(widgetUrl(count), await h.login("ap@acme.test"))).data;
    expect(clerk[0].count).toBeLessThan(awaiting.count);
  });
});
