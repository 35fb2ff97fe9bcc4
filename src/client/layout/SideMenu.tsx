/**
 * The staff side menu: entries grouped by business area in collapsible groups, the role's frequent
 * areas first and open (menu-areas.ts), and a quick search above them over the entries' names and
 * the records of the searchable lists the user may open (by number or name, `q`).
 */
import { useState } from "react";
import { useList, useTranslation } from "@refinedev/core";
import { Menu, type MenuProps } from "antd";
// the search box alone: antd's Input brings its password, OTP and text-area variants into the first load
import Search from "antd/es/input/Search";
import { useLocation, useNavigate } from "react-router";
import { canAct } from "../../framework/permissions.js";
import { pages } from "../../../resources/pages/index.js";
import { outlineByName, outlines } from "../declarations.js";
import type { Row } from "../format.js";
import { menuKey, titleKey } from "../i18n/keys.js";
import { menuGroups, recordName, showPath } from "../registry.js";
import { useUser } from "../user.js";
import { frequentAreas } from "./menu-areas.js";
import { useLeave } from "./unsaved.js";

/** The lists whose records the quick search finds: the documents people look up by number or name. */
const searchedRecords = ["invoices", "purchase_orders", "vendors", "expense_reports"];
const recordsShown = 5;
/** Groups open at first: the role's frequent areas (at most this many) and the current page's. */
const openAtFirst = 2;

/** Lower case without accents: "Facturas" finds "factura", "aprobación" finds "aprobacion". */
const folded = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

/** The records of `resource` matching `search`, as menu items (nothing while it loads). */
function useRecordItems(resource: string, search: string, enabled: boolean): NonNullable<MenuProps["items"]> {
  const target = outlineByName.get(resource)!;
  const { result } = useList<Row>({
    resource, filters: [{ field: "q", operator: "eq", value: search }], pagination: { pageSize: recordsShown },
    queryOptions: { enabled }, errorNotification: false,
  });
  return enabled ? (result.data ?? []).flatMap((row) => {
    const path = showPath(resource, row.id);
    return path ? [{ key: path, label: recordName(target, row) }] : [];
  }) : [];
}

/** `onChoose`: after a page is chosen (a narrow screen closes the menu). */
export function SideMenu({ onChoose }: { onChoose: () => void }) {
  const user = useUser();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeave();
  const { pathname } = useLocation();
  const [search, setSearch] = useState("");
  const frequent = frequentAreas[user.role] ?? [];
  const groups = menuGroups(outlines, pages, user, frequent);
  const paths = groups.flatMap((g) => g.entries.map((e) => e.path));
  const selected = paths.filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
  const current = groups.find((g) => g.entries.some((e) => e.path === selected))?.group;
  const [open, setOpen] = useState<string[]>(() => [...new Set([...groups.slice(0, openAtFirst).map((g) => g.group), ...(current ? [current] : [])])]);
  // a page reached another way (a link, a redirect) opens its group in the menu
  const [shownFor, setShownFor] = useState(current);
  if (current !== shownFor) {
    setShownFor(current);
    if (current && !open.includes(current)) setOpen([...open, current]);
  }

  const wanted = folded(search.trim());
  const searching = wanted.length > 0;
  const recordsSearched = search.trim().length >= 2;
  // one hook per searched list, always called (the rules of hooks), enabled for the lists the user may open
  const recordItems = searchedRecords.map((name) =>
    // eslint-disable-next-line react-hooks/rules-of-hooks -- a fixed list: the same hooks on every render
    ({ name, items: useRecordItems(name, search.trim(), recordsSearched && canAct(user, outlineByName.get(name)!, "list")) }));

  const groupItems = groups.map(({ group, entries }) => ({
    key: group,
    label: translate(menuKey(group), group),
    children: entries.map((e) => ({ key: e.path, label: translate(e.label, e.path) }))
      // two entries reading the same (a list and its alias view) are one entry
      .filter((item, i, items) => items.findIndex((other) => other.label === item.label) === i)
      .filter((item) => !searching || folded(item.label).includes(wanted)),
  })).filter((g) => g.children.length);
  const found: NonNullable<MenuProps["items"]> = searching
    ? [...groupItems.map((g) => ({ ...g, type: "group" as const })),
      ...recordItems.filter((r) => r.items.length).map((r) => ({ key: `records:${r.name}`, type: "group" as const, label: translate(titleKey(r.name, "list"), r.name), children: r.items }))]
    : groupItems;

  return (
    <>
      <div style={{ padding: "0 12px 8px" }}>
        <Search allowClear size="small" value={search} onChange={(e) => setSearch(e.target.value)}
          placeholder={translate("menu.search", "Search menu and records")} aria-label={translate("menu.search", "Search menu and records")} />
      </div>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        openKeys={searching ? undefined : open}
        onOpenChange={setOpen}
        onClick={({ key }) => leave(() => {
          navigate(key);
          setSearch("");
          onChoose();
        })}
        items={found}
      />
      {searching && !found.length ? <div style={{ padding: "0 24px", color: "rgba(0,0,0,0.45)" }}>{translate("menu.nothingFound", "Nothing found")}</div> : null}
    </>
  );
}
