/**
 * /purchase_orders/requests/new?punchoutId: the generated request form, started from a punchout
 * cart when `punchoutId` names one (the supplier's vendor, the cart's currency, one line per item);
 * without it, the empty form, and the punchout buttons when the company has a supplier enabled.
 */
import { useCustom, useTranslation } from "@refinedev/core";
import { Alert, Card, Result, Space, Spin } from "antd";
import { useSearchParams } from "react-router";
import { outlineByName, pageResources, useResources } from "../../../declarations.js";
import { isoDate } from "../../../../framework/dates.js";
import FormPage from "../../FormPage.js";
import type { CustomPageProps } from "../index.js";
import { useUser } from "../../../user.js";
import { PunchoutButtons } from "./PunchoutButtons.js";

interface Cart {
  supplier: { name: string };
  vendor_id: number;
  vendor: { name: string };
  currency_code: string | null;
  items: { description: string; quantity: string; unit_price: string }[];
}

export default function PurchaseOrderRequestNew({ page }: CustomPageProps) {
  const { translate } = useTranslation();
  const [resource] = useResources(pageResources(outlineByName.get(page.resource!)!, "create"));
  const user = useUser();
  const [search] = useSearchParams();
  const punchoutId = search.get("punchoutId");
  const { query: asking } = useCustom<Cart>({
    url: `/api/punchout/sessions/${encodeURIComponent(punchoutId ?? "")}`, method: "get", meta: { silent: true }, errorNotification: false, queryOptions: { enabled: !!punchoutId },
  });
  if (!punchoutId) {
    return (
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <FormPage resource={resource} mode="create" />
        {Object.values(user.company.punchout_integrations ?? {}).some(Boolean) && (
          <Card size="small" title={translate("pages.punchout", "Punchout")}><PunchoutButtons /></Card>
        )}
      </Space>
    );
  }
  const cart = { data: asking.data?.data };
  if (asking.isLoading) return <Spin />;
  if (!cart.data) return <Result status="404" title={translate("punchout.cartNotFound", "Punchout cart not found.")} />;
  const prefill = {
    vendor_id: cart.data.vendor_id,
    date: isoDate(),
    ...(cart.data.currency_code ? { currency_code: cart.data.currency_code } : {}),
    po_items: cart.data.items.map(({ description, quantity, unit_price }) => ({ description, quantity, unit_price })),
  };
  // the vendor by its name: a requester who may not list vendors sees the form's vendor as a number
  const from = translate("punchout.cartFrom", { supplier: cart.data.supplier.name, vendor: cart.data.vendor.name, count: cart.data.items.length }, "Cart from {{supplier}} for {{vendor}}: {{count}} items");
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Alert type="info" showIcon message={from} />
      <FormPage resource={resource} mode="create" prefill={prefill} />
    </Space>
  );
}
