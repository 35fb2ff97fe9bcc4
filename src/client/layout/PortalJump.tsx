/**
 * The staff app's way to the vendor portal (product spec 2.3) for a login that is also a vendor of
 * some company: the portal in this tab, or in a new tab that switches there by `?company_id=` (the
 * company is kept per tab, so this tab stays where it is).
 */
import { useTranslation } from "@refinedev/core";
import { Button, Dropdown, Grid } from "antd";
import { ShopOutlined } from "@ant-design/icons";
import { switchCompany, useUser } from "../user.js";

export default function PortalJump() {
  const user = useUser();
  const { translate } = useTranslation();
  // on a phone: an icon that opens the portal here (tabs are not a phone's way)
  const wide = Grid.useBreakpoint().md !== false;
  const vendorAt = user.companies.find((c) => c.portal);
  if (!vendorAt) return null;
  const label = translate("header.portal", "Vendor portal");
  const here = () => void switchCompany(vendorAt.id, "/vendor_portal");
  if (!wide) return <Button aria-label={label} icon={<ShopOutlined />} onClick={here} />;
  const newTab = () => window.open(`/vendor_portal?company_id=${vendorAt.id}`, "_blank", "noopener");
  return (
    <Dropdown.Button onClick={here}
      menu={{ items: [{ key: "tab", label: translate("header.portalNewTab", "Open the vendor portal in a new tab") }], onClick: newTab }}>
      <ShopOutlined /> {label}
    </Dropdown.Button>
  );
}
