/**
 * The vendor portal's shell (product spec 2.3): its own sider menu of the portal's sections, and a
 * header (layout/SessionHeader.tsx) with the purchaser switcher (the login's companies; switching sets
 * the company like the staff company switcher), the language, the profile and logout. The signed-in shell uses it for every
 * page of a vendor-portal user (layout/Shell.tsx), loaded only for them.
 */
import type { ReactNode } from "react";
import { useTranslation } from "@refinedev/core";
import { Grid, Layout, Menu, Typography } from "antd";
import { useLocation, useNavigate } from "react-router";
import { ResponsiveSider } from "../layout/ResponsiveSider.js";
import { SessionHeader } from "../layout/SessionHeader.js";
import { titleKey } from "../i18n/keys.js";
import { portalPrefix, portalSections } from "./sections.js";

/** The menu: home, the sections (labelled by their resource's list title), the company settings, the purchasers. */
export const portalMenu = [
  { path: portalPrefix, label: "portal.menu.home" },
  ...portalSections.map((s) => ({ path: `${portalPrefix}/${s.key}`, label: titleKey(s.resource, "list") })),
  { path: `${portalPrefix}/settings`, label: "portal.menu.settings" },
  { path: `${portalPrefix}/purchasers`, label: "portal.menu.purchasers" },
];

/** A row action's page (/vendor_portal/submit_invoice/…) belongs to its section's menu entry. */
function sectionPath(pathname: string): string {
  const owner = portalSections.find((s) => s.rowAction && pathname.startsWith(`${portalPrefix}/${s.rowAction.path}/`));
  return owner ? `${portalPrefix}/${owner.key}` : pathname;
}

/** `onChoose`: after a page is chosen (a narrow screen closes the menu). */
function PortalMenu({ onChoose }: { onChoose: () => void }) {
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const pathname = sectionPath(useLocation().pathname);
  const selected = portalMenu.map((e) => e.path)
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
  return (
    <Menu mode="inline" selectedKeys={selected ? [selected] : []} onClick={({ key }) => {
      navigate(key);
      onChoose();
    }}
      items={portalMenu.map((e) => ({ key: e.path, label: translate(e.label, e.path) }))} />
  );
}

function PortalHeader() {
  const { translate } = useTranslation();
  const wide = Grid.useBreakpoint().md !== false;
  const purchaser = translate("portal.purchaser", "Purchaser");
  return <SessionHeader switcherLabel={purchaser} profilePath={`${portalPrefix}/user_profile`}
    before={wide ? <Typography.Text type="secondary">{purchaser}</Typography.Text> : null} />;
}

export default function PortalLayout({ children }: { children: ReactNode }) {
  const { translate } = useTranslation();
  const wide = Grid.useBreakpoint().md !== false;
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <ResponsiveSider>
        {(chosen) => <>
          <Typography.Title level={4} style={{ padding: "16px 24px 0", margin: 0 }}>Outlay</Typography.Title>
          <Typography.Text type="secondary" style={{ padding: "0 24px 8px", display: "block" }}>{translate("portal.title", "Vendor portal")}</Typography.Text>
          <PortalMenu onChoose={chosen} />
        </>}
      </ResponsiveSider>
      <Layout>
        <PortalHeader />
        <Layout.Content style={{ padding: wide ? 24 : 12 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
