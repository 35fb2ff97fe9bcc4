/**
 * The signed-in shell: loads the user, switches company when the URL asks for another one,
 * asks for the terms, and lays out the sider menu (collapses below 768 px) and the header; a
 * vendor-portal user gets the portal's layout instead (portal/PortalLayout.tsx).
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useGetIdentity, useTranslation } from "@refinedev/core";
import { Button, Flex, Grid, Layout, Menu, Select, Spin, Typography } from "antd";
import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Link, Outlet, useLocation, useNavigate, useSearchParams } from "react-router";
import { resources } from "../../../resources/index.js";
import { pages } from "../../../resources/pages/index.js";
import { languages, setLanguage, i18n } from "../i18n/index.js";
import { menuKey } from "../i18n/keys.js";
import { ErrorBoundary } from "../pages/Results.js";
import { menuGroups } from "../registry.js";
import { switchCompany, useUser, UserContext, type CurrentUser } from "../user.js";
import { NotificationBell } from "./NotificationBell.js";
import { TermsDialog } from "./TermsDialog.js";

const mobileBreakpoint = "md"; // 768 px

// a vendor-portal user gets the portal's own layout (its menu and purchaser switcher), loaded only for them
const PortalLayout = lazy(() => import("../portal/PortalLayout.js"));

function SideMenu() {
  const user = useUser();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = menuGroups(resources, pages, user);
  const paths = groups.flatMap((g) => g.entries.map((e) => e.path));
  const selected = paths.filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      onClick={({ key }) => navigate(key)}
      items={groups.map(({ group, entries }) => ({
        key: group,
        type: "group" as const,
        label: translate(menuKey(group), group),
        // two entries reading the same (a list and its alias view) are one entry
        children: entries.map((e) => ({ key: e.path, label: translate(e.label, e.path) }))
          .filter((item, i, items) => items.findIndex((other) => other.label === item.label) === i),
      }))}
    />
  );
}

function Header() {
  const user = useUser();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  // on a phone the header keeps the controls and drops their words (the menu trigger sits on its left)
  const wide = Grid.useBreakpoint().md !== false;
  const logout = translate("actions.logout", "Logout");
  return (
    <Layout.Header style={{ background: "#fff", padding: wide ? "0 16px" : "0 8px 0 52px", borderBottom: "1px solid #f0f0f0" }}>
      <Flex justify="flex-end" align="center" gap={wide ? "middle" : "small"} style={{ height: "100%" }}>
        {user.portal ? null : <NotificationBell />}
        <Select aria-label={translate("header.company", "Company")} value={user.company.id} style={{ minWidth: wide ? 160 : 0, flex: wide ? undefined : "1 1 auto" }}
          options={user.companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(id: number) => void switchCompany(id)} />
        <Select aria-label={translate("header.language", "Language")} value={i18n.language} style={{ width: wide ? 110 : 64 }}
          options={Object.entries(languages).map(([value, label]) => ({ value, label: wide ? label : value.toUpperCase() }))} onChange={setLanguage} />
        <Link to="/user_profile" aria-label={translate("header.profile", "Profile")}>
          <Typography.Text strong style={{ whiteSpace: "nowrap" }}><UserOutlined />{wide ? ` ${user.name}` : null}</Typography.Text>
        </Link>
        <Button icon={<LogoutOutlined />} aria-label={logout} onClick={() => navigate("/logout")}>{wide ? logout : null}</Button>
      </Flex>
    </Layout.Header>
  );
}

function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider theme="light" breakpoint={mobileBreakpoint} collapsedWidth={0} width={230}
        zeroWidthTriggerStyle={{ top: 16 }} style={{ borderRight: "1px solid #f0f0f0" }}>
        <Typography.Title level={4} style={{ padding: "16px 24px", margin: 0 }}>Outlay</Typography.Title>
        <SideMenu />
      </Layout.Sider>
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
  const page = <ErrorBoundary key={pathname}><Outlet /></ErrorBoundary>;
  return (
    <UserContext.Provider value={user}>
      {user.portal
        ? <Suspense fallback={<Spin fullscreen />}><PortalLayout>{page}</PortalLayout></Suspense>
        : <AppLayout>{page}</AppLayout>}
      <TermsDialog />
    </UserContext.Provider>
  );
}
