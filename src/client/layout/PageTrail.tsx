/**
 * Where the user is, for every screen of the shell: the browser tab's title ("<page> · Outlay", a
 * record's page with the record's name) and, on a record's pages (show, edit, approval, duplicate),
 * breadcrumbs from its list to the record. Read from the same routes the app mounts.
 */
import { lazy, Suspense, useEffect } from "react";
import { useOne, useTranslation } from "@refinedev/core";
import { Link, matchRoutes, useLocation } from "react-router";
import { canAct } from "../../framework/permissions.js";
import type { ResourceOutline } from "../../framework/outline.js";
import { routesOf, tableOf, type RouteEntry } from "../../framework/resource.js";
import type { PageDef } from "../../framework/pages.js";
import { pages } from "../../../resources/pages/index.js";
import { outlineByName, outlines, useLoadedResource } from "../declarations.js";
import { useFormat, usePageTitle, type Row } from "../format.js";
import { titleKey } from "../i18n/keys.js";
import { showPath } from "../registry.js";
import { notFoundShownByPage } from "../notify.js";
import { useUser } from "../user.js";

const appName = "Outlay";

// antd's Breadcrumb loads with the first record page: a list, the usual first screen, shows none (issue 11)
const Breadcrumb = lazy(() => import("antd/es/breadcrumb"));
/** Where the breadcrumbs come while they load: their line's height (antd's 22 px) and margin, so nothing below moves. */
const crumbsSpace = <div style={{ height: 22, marginBottom: 12 }} />;

type Screen = { path: string; entry?: RouteEntry<ResourceOutline>; page?: PageDef };
const screens: Screen[] = [
  ...outlines.flatMap(routesOf).map((entry) => ({ path: entry.path, entry })),
  ...pages.map((page) => ({ path: page.path, page })),
];

export const documentTitle = (page: string | undefined) => (page ? `${page} · ${appName}` : appName);

const showInTab = (page: string | undefined) => {
  document.title = documentTitle(page);
};

export function PageTrail() {
  const { pathname } = useLocation();
  const { translate } = useTranslation();
  const pageTitle = usePageTitle();
  const format = useFormat();
  const user = useUser();
  const match = matchRoutes(screens, pathname)?.at(-1);
  const { entry, page } = match?.route ?? {};
  // a record's page addressed by the record's id (not an approval's): its name is shown
  const id = entry?.idParam && entry.idParam !== "approvalID" ? match?.params[entry.idParam] : undefined;
  const readable = Boolean(entry && id && canAct(user, entry.resource, "show"));
  const { result: record } = useOne<Row>({ resource: entry?.resource.name ?? "", id, queryOptions: { enabled: readable }, meta: notFoundShownByPage });
  // the record's name reads its fields as the page does: by the declaration, which the page loads
  const declared = useLoadedResource(readable ? entry?.resource.name : undefined);
  const name = declared && record ? format.name(declared, record) : undefined;
  const screenTitle = entry ? pageTitle(entry.resource, entry.page) : page ? translate(page.title, page.title) : undefined;
  const title = name ? `${screenTitle} ${name}` : screenTitle;

  useEffect(() => {
    showInTab(title);
  }, [title]);

  if (!entry || !id) return null;
  // the list of the record's resource, else of the table it views (a PO request's purchase orders)
  const listOwner = [entry.resource, outlineByName.get(tableOf(entry.resource))].find((r) => r?.routes.list && canAct(user, r, "list"));
  const list = listOwner?.routes.list;
  const show = canAct(user, entry.resource, "show") ? showPath(entry.resource.name, id) : undefined;
  return (
    <Suspense fallback={crumbsSpace}>
      <Breadcrumb style={{ marginBottom: 12 }} items={[
        ...(list ? [{ key: "list", title: <Link to={list}>{translate(titleKey(listOwner.name, "list"), listOwner.name)}</Link> }] : []),
        // on the record's other pages (edit, approval…) the record leads back to its show page
        { key: "record", title: show && entry.page !== "show" ? <Link to={show}>{name ?? `#${id}`}</Link> : name ?? `#${id}` },
        ...(entry.page !== "show" ? [{ key: "page", title: screenTitle }] : []),
      ]} />
    </Suspense>
  );
}
