/**
 * The business areas each role works in most, first in its side menu; the other areas follow in the
 * usual order (registry.ts `groupOrder`). Plain data: a role not named here keeps that order.
 */
export const frequentAreas: Readonly<Record<string, readonly string[]>> = {
  admin: ["dashboards", "payables", "payments", "approvals"],
  admin_readonly: ["dashboards", "payables", "payments"],
  ap_role: ["payables", "payments", "approvals", "vendors"],
  manager: ["approvals", "dashboards", "payables", "purchasing"],
  po_manager: ["purchasing", "approvals", "receiving", "vendors"],
  po_admin: ["purchasing", "approvals", "receiving", "vendors"],
  rcv_manager: ["receiving", "purchasing", "dashboards"],
  staff: ["expenses", "purchasing", "approvals", "cards"],
  vcard_admin: ["cards", "approvals", "purchasing"],
};
