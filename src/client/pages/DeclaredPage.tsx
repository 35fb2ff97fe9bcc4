/** A declared page (resources/pages) at its path, behind its guard: a dashboard, or a hand-written page by name. */
import { lazy, Suspense } from "react";
import { Spin } from "antd";
import type { PageDef } from "../../framework/pages.js";
import { customPages } from "./custom/index.js";
import { RouteGuard } from "./Guard.js";
import { UnknownPage } from "./Results.js";

// dashboards and their charts load on demand, off the first load of every other page
const DashboardPage = lazy(() => import("./Dashboard.js").then((m) => ({ default: m.DashboardPage })));

/** A hand-written page by its component name (a declared page, or a resource route a component renders). */
export function CustomPage({ page }: { page: PageDef }) {
  const Component = page.component && Object.hasOwn(customPages, page.component) ? customPages[page.component] : undefined;
  if (!Component) return <UnknownPage page={page} />;
  return <Suspense fallback={<Spin />}><Component page={page} /></Suspense>;
}

function Page({ page }: { page: PageDef }) {
  return page.kind === "dashboard" ? <Suspense fallback={<Spin />}><DashboardPage page={page} /></Suspense> : <CustomPage page={page} />;
}

export function DeclaredPage({ page }: { page: PageDef }) {
  return <RouteGuard guard={page}><Page page={page} /></RouteGuard>;
}
