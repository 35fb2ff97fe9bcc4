/**
 * One route of a resource (`routesOf`): the generated page of its kind, given the record id (the
 * path's first parameter on record pages) and the route's other parameters — filters on lists,
 * prefilled fields on create and duplicate forms — or the hand-written page the route's view names.
 */
import { lazy, Suspense } from "react";
import { Spin } from "antd";
import { matchRoutes, useParams, useSearchParams } from "react-router";
import { pagePermissions, type RouteEntry } from "../../framework/resource.js";
import { titleKey } from "../i18n/keys.js";
import { grammarFilter, routeFilters, routePrefill, routeValues } from "../registry.js";
import { ByApprovalId } from "../approvals/ByApprovalId.js";
import { isApprovalsView } from "../approvals/approvables.js";
import { CustomPage } from "./DeclaredPage.js";
import { RouteGuard } from "./Guard.js";

/** The code of each generated page, loaded on demand (the forms bring the form library). */
const modules = {
  list: () => import("../grid/ListPage.js"),
  approvalList: () => import("../approvals/ApprovalListPage.js"),
  show: () => import("./ShowPage.js"),
  form: () => import("./FormPage.js"),
};
const ListPage = lazy(modules.list);
const ApprovalListPage = lazy(modules.approvalList);
const ShowPage = lazy(modules.show);
const FormPage = lazy(modules.form);

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
 * Start fetching the code of the page at `pathname` now (at boot, beside the current-user request)
 * instead of after the user has arrived and the shell has rendered; `lazy` then finds it loaded.
 */
export function preloadPage(entries: RouteEntry[], pathname: string): void {
  const match = matchRoutes(entries.map((entry) => ({ path: entry.path, entry })), pathname)?.at(-1);
  const key = match && moduleOf(match.route.entry);
  if (key) void modules[key]().catch(() => undefined);
}

function Page({ entry }: { entry: RouteEntry }) {
  const params = useParams();
  const [search] = useSearchParams();
  const { resource, page, view } = entry;
  if (view?.component) {
    return <CustomPage page={{ path: entry.path, kind: "page", title: view.title ?? titleKey(resource.name, page), component: view.component,
      permissions: pagePermissions(resource, page) ?? [], module: resource.module, resource: resource.name }} />;
  }
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
