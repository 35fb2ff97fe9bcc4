/**
 * The staff app's way to the vendor portal (product spec 2.3) for a login that is also a vendor of
 * some company: the portal in this tab, or in a new tab that switches there by `?company_id=` (the
 * company is kept per tab, so this tab stays where it is).
 */
import { useTranslation } from "@refinedev/core";
import { Dropdown } from "antd";
import { switchCompany, useUser } from "../user.js";

export default function PortalJump() {
  const user = useUser();
  const { translate } = useTranslation();
  const vendorAt = user.companies.find((c) => c.portal);
  if (!vendorAt) return null;
  const newTab = () => window.open(`/vendor_portal?company_id=${vendorAt.id}`, "_blank", "noopener");
  return (
    <Dropdown.Button onClick={() => void switchCompany(vendorAt.id, "/vendor_portal")}
      menu={{ items: [{ key: "tab", label: translate("header.portalNewTab", "Open the vendor portal in a new tab") }], onClick: newTab }}>
      {translate("header.portal", "Vendor portal")}
    </Dropdown.Button>
  );
}
