/**
 * The vendor portal's shell (product spec 2.3): its own sider menu of the portal's sections, and a
 * header with the purchaser switcher (the login's companies; switching sets the company like the
 * staff company switcher), the language switcher and logout. The signed-in shell uses it for every
 * page of a vendor-portal user (layout/Shell.tsx), loaded only for them.
 */
import type { ReactNode } from "react";
import { useTranslation } from "@refinedev/core";
import { Button, Flex, Grid, Layout, Menu, Select, Typography } from "antd";
import { LogoutOutlined } from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import { languages, setLanguage, i18n } from "../i18n/index.js";
import { titleKey } from "../i18n/keys.js";
import { switchCompany, useUser } from "../user.js";
import { portalPrefix, portalSections } from "./sections.js";

/** The menu: home, the sections (labelled by their resource's list title), the company settings, the purchasers. */
export const portalMenu = [
  { path: portalPrefix, label: "portal.menu.home" },
  ...portalSections.map((s) => ({ path: `${portalPrefix}/${s.key}`, label: titleKey(s.resource, "list") })),
  { path: `${portalPrefix}/settings`, label: "portal.menu.settings" },
  { path: `${portalPrefix}/purchasers`, label: "portal.menu.purchasers" },
];

function PortalMenu() {
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = portalMenu.map((e) => e.path)
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
  return (
    <Menu mode="inline" selectedKeys={selected ? [selected] : []} onClick={({ key }) => navigate(key)}
      items={portalMenu.map((e) => ({ key: e.path, label: translate(e.label, e.path) }))} />
  );
}

function PortalHeader() {
  const user = useUser();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().md !== false;
  const logout = translate("actions.logout", "Logout");
  return (
    <Layout.Header style={{ background: "#fff", padding: wide ? "0 16px" : "0 8px 0 52px", borderBottom: "1px solid #f0f0f0" }}>
      <Flex justify="flex-end" align="center" gap={wide ? "middle" : "small"} style={{ height: "100%" }}>
        {wide ? <Typography.Text type="secondary">{translate("portal.purchaser", "Purchaser")}</Typography.Text> : null}
        <Select aria-label={translate("portal.purchaser", "Purchaser")} value={user.company.id}
          style={{ minWidth: wide ? 180 : 0, flex: wide ? undefined : "1 1 auto" }}
          options={user.companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(id: number) => void switchCompany(id)} />
        <Select aria-label={translate("header.language", "Language")} value={i18n.language} style={{ width: wide ? 110 : 64 }}
          options={Object.entries(languages).map(([value, label]) => ({ value, label: wide ? label : value.toUpperCase() }))} onChange={setLanguage} />
        <Button icon={<LogoutOutlined />} aria-label={logout} onClick={() => navigate("/logout")}>{wide ? logout : null}</Button>
      </Flex>
    </Layout.Header>
  );
}

export default function PortalLayout({ children }: { children: ReactNode }) {
  const { translate } = useTranslation();
  const wide = Grid.useBreakpoint().md !== false;
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider theme="light" breakpoint="md" collapsedWidth={0} width={230}
        zeroWidthTriggerStyle={{ top: 16 }} style={{ borderRight: "1px solid #f0f0f0" }}>
        <Typography.Title level={4} style={{ padding: "16px 24px 0", margin: 0 }}>Outlay</Typography.Title>
        <Typography.Text type="secondary" style={{ padding: "0 24px 8px", display: "block" }}>{translate("portal.title", "Vendor portal")}</Typography.Text>
        <PortalMenu />
      </Layout.Sider>
      <Layout>
        <PortalHeader />
        <Layout.Content style={{ padding: wide ? 24 : 12 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
