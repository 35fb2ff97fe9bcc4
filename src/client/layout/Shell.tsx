/**
 * The signed-in shell: loads the user, switches company when the URL asks for another one,
 * asks for the terms, and lays out the sider menu (SideMenu.tsx; folds away below 768 px), the header
 * and the page's trail (tab title, breadcrumbs: PageTrail.tsx); a
 * vendor-portal user gets the portal's layout instead (portal/PortalLayout.tsx).
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useGetIdentity, useTranslation } from "@refinedev/core";
import { Layout, Spin } from "antd";
import { Heading } from "../text.js";
import { Outlet, useLocation, useSearchParams } from "react-router";
import { ErrorBoundary } from "../pages/Results.js";
import { switchCompany, useUser, UserContext, type CurrentUser } from "../user.js";
import { SessionHeader } from "./SessionHeader.js";
import { NotificationBell } from "./NotificationBell.js";
import { PageTrail } from "./PageTrail.js";
import { ResponsiveSider } from "./ResponsiveSider.js";
import { SideMenu } from "./SideMenu.js";

// a vendor-portal user gets the portal's own layout (its menu and purchaser switcher), loaded only for them
const PortalLayout = lazy(() => import("../portal/PortalLayout.js"));
// asked once per user, with antd's Modal: not part of the first load
const TermsDialog = lazy(() => import("./TermsDialog.js"));
// the jump to the vendor portal, for the few logins that are also a vendor somewhere
const PortalJump = lazy(() => import("./PortalJump.js"));

function Header() {
  const { translate } = useTranslation();
  const vendorSomewhere = useUser().companies.some((c) => c.portal);
  const before = <>{vendorSomewhere ? <Suspense fallback={null}><PortalJump /></Suspense> : null}<NotificationBell /></>;
  return <SessionHeader switcherLabel={translate("header.company", "Company")} profilePath="/user_profile" before={before} />;
}

function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <ResponsiveSider>
        {(chosen) => <>
          <Heading level={4} style={{ padding: "16px 24px" }}>Outlay</Heading>
          <SideMenu onChoose={chosen} />
        </>}
      </ResponsiveSider>
      <Layout>
        <Header />
        <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}

/** `?company_id=` naming another company than the current one: switch first (product spec 2.1). */
function useCompanyFromQuery(user: CurrentUser | undefined): boolean {
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const wanted = Number(params.get("company_id"));
  const switching = Boolean(user && wanted && wanted !== user.company.id && !failed);
  useEffect(() => {
    if (switching) void switchCompany(wanted).then((ok) => setFailed(!ok));
  }, [switching, wanted]);
  return switching;
}

export function Shell() {
  const { data: user } = useGetIdentity<CurrentUser>();
  const { pathname } = useLocation();
  const switching = useCompanyFromQuery(user ?? undefined);
  if (!user || switching) return <Spin fullscreen />;
  // remounted per path (the trail with the page): a page never shows the previous one's state
  const page = <ErrorBoundary key={pathname}>{user.portal ? null : <PageTrail />}<Outlet /></ErrorBoundary>;
  return (
    <UserContext.Provider value={user}>
      {user.portal
        ? <Suspense fallback={<Spin fullscreen />}><PortalLayout>{page}</PortalLayout></Suspense>
        : <AppLayout>{page}</AppLayout>}
      {user.date_accepted_term ? null : <Suspense fallback={null}><TermsDialog /></Suspense>}
    </UserContext.Provider>
  );
}
