/**
 * One route of a resource (`routesOf`): the generated page of its kind, given the record id (the
 * path's first parameter on record pages) and the route's other parameters — filters on lists,
 * prefilled fields on create and duplicate forms — or the hand-written page the route's view names.
 */
import { lazy, Suspense, useState } from "react";
import { Spin } from "antd";
import { matchRoutes, useParams, useSearchParams } from "react-router";
import type { ResourceOutline } from "../../framework/outline.js";
import { pagePermissions, type RouteEntry as AnyRouteEntry } from "../../framework/resource.js";
import { loadResources, pageResources, useResources } from "../declarations.js";
import { titleKey } from "../i18n/keys.js";
import { grammarFilter, routeFilters, routePrefill, routeValues } from "../registry.js";
import { ByApprovalId } from "../approvals/ByApprovalId.js";
import { isApprovalsView } from "../approvals/approvables.js";
import { CustomPage } from "./DeclaredPage.js";
import { RouteGuard } from "./Guard.js";

/** A route of a resource as the shell knows it: its outline; the page loads the declaration. */
type RouteEntry = AnyRouteEntry<ResourceOutline>;

/** The code of each generated page, loaded on demand (the forms bring the form library). */
const modules = {
  list: () => import("../grid/ListPage.js"),
  approvalList: () => import("../approvals/ApprovalListPage.js"),
  show: () => import("./ShowPage.js"),
  form: () => import("./FormPage.js"),
};
type Modules = typeof modules;
type PageOf<K extends keyof Modules> = Awaited<ReturnType<Modules[K]>>["default"];

/**
 * The pages already loaded (by `preloadPage` at boot, or an earlier visit). A `lazy` page suspends
 * on its first render even when its code has arrived, and React then holds the revealed page back
 * for its fallback throttle (about 300 ms): a loaded page renders directly instead (issue 11).
 */
const loaded: { [K in keyof Modules]?: PageOf<K> } = {};

function load<K extends keyof Modules>(key: K): Promise<{ default: PageOf<K> }> {
  return (modules[key]() as Promise<{ default: PageOf<K> }>).then((module) => {
    Object.assign(loaded, { [key]: module.default });
    return module;
  });
}

const lazyPages = {
  list: lazy(() => load("list")),
  approvalList: lazy(() => load("approvalList")),
  show: lazy(() => load("show")),
  form: lazy(() => load("form")),
};

const pageOf = <K extends keyof Modules>(key: K) => (loaded[key] ?? lazyPages[key]) as PageOf<K>;

function moduleOf({ resource, page, view }: RouteEntry): keyof typeof modules | undefined {
  if (view?.component) return undefined;
  switch (page) {
    case "list": return isApprovalsView(resource) || view?.approvalList ? "approvalList" : "list";
    case "approval":
    case "show": return "show";
    default: return "form";
  }
}

/**
 * Start fetching the code of the page at `pathname` and the declarations it renders now (at boot,
 * beside the current-user request) instead of after the user has arrived and the shell has rendered;
 * `lazy` and `useResources` then find them loaded.
 */
export function preloadPage(entries: RouteEntry[], pathname: string): void {
  const entry = matchRoutes(entries.map((e) => ({ path: e.path, entry: e })), pathname)?.at(-1)?.route.entry;
  const key = entry && moduleOf(entry);
  if (!key) return;
  void load(key).catch(() => undefined);
  void loadResources(pageResources(entry.resource, entry.page)).catch(() => undefined);
}

function Page({ entry }: { entry: RouteEntry }) {
  const { page, view } = entry;
  // a hand-written page loads the declarations it uses itself
  if (view?.component) {
    const { name, module } = entry.resource;
    return <CustomPage page={{ path: entry.path, kind: "page", title: view.title ?? titleKey(name, page), component: view.component,
      permissions: pagePermissions(entry.resource, page) ?? [], module, resource: name }} />;
  }
  return <GeneratedPage entry={entry} />;
}

/** A generated page, once the declarations it renders are loaded. */
function GeneratedPage({ entry }: { entry: RouteEntry }) {
  const params = useParams();
  const [search] = useSearchParams();
  const { page, view } = entry;
  // chosen once per mount: a page switching from its lazy wrapper to the loaded one would remount
  const [{ ListPage, ApprovalListPage, ShowPage, FormPage }] = useState(() =>
    ({ ListPage: pageOf("list"), ApprovalListPage: pageOf("approvalList"), ShowPage: pageOf("show"), FormPage: pageOf("form") }));
  const [resource] = useResources(pageResources(entry.resource, page));
  const id = entry.idParam ? params[entry.idParam] : undefined;
  const values = routeValues(entry, params, search);
  // path parameters and the view's preset always apply; query parameters are where the list starts
  const permanent = [
    ...Object.entries(view?.preset ?? {}).map(([key, value]) => grammarFilter(key, value)),
    ...routeFilters(resource, values.fromPath),
  ];
  switch (page) {
    case "list":
      if (isApprovalsView(resource) || view?.approvalList) {
        return <ApprovalListPage resource={resource} view={view ?? { path: entry.path }} permanent={permanent} initial={routeFilters(resource, values.fromQuery)} />;
      }
      return <ListPage resource={resource} view={view ?? { path: entry.path }} permanent={permanent} initial={routeFilters(resource, values.fromQuery)} />;
    case "approval":
      // addressed by approval id: on to the approval's record
      if (entry.idParam === "approvalID") return <ByApprovalId resource={resource} id={id!} />;
      return <ShowPage resource={resource} id={id!} page={page} />;
    case "show":
      return <ShowPage resource={resource} id={id!} page={page} />;
    case "create":
    case "duplicate":
      return <FormPage resource={resource} mode={page} id={id} prefill={routePrefill(resource, { ...values.fromQuery, ...values.fromPath })} />;
    case "edit":
      return <FormPage resource={resource} mode="edit" id={id} />;
  }
}

export function ResourcePage({ entry }: { entry: RouteEntry }) {
  return (
    <RouteGuard guard={{ permissions: pagePermissions(entry.resource, entry.page), module: entry.resource.module }}>
      <Suspense fallback={<Spin />}>
        <Page entry={entry} />
      </Suspense>
    </RouteGuard>
  );
}
