/**
 * The punchout buttons (data-spec 2): New purchase and Track purchase for each supplier enabled for
 * the company. A click asks the server for the supplier's start page
 * (GET /api/punchout/generate_url) and opens it in this tab; the supplier's cart comes back as a new
 * purchase-order request (docs/punchout.md). No URL: the spec's error "Couldn't generate url".
 */
import { useState } from "react";
import { useCustom, useDataProvider, useTranslation } from "@refinedev/core";
import { Button, Divider, Empty, Flex, Space, Spin, Typography } from "antd";
import { ShopOutlined, SearchOutlined } from "@ant-design/icons";
import { notify } from "../../../notify.js";

interface Supplier {
  id: number;
  provider: string;
  name: string;
  vendor_name: string;
}

type Operation = "create" | "inspect";

export function PunchoutButtons() {
  const { translate } = useTranslation();
  const dataProvider = useDataProvider();
  const { query: asking } = useCustom<Supplier[]>({ url: "/api/punchout/suppliers", method: "get", meta: { silent: true }, errorNotification: false });
  const [opening, setOpening] = useState<string>();

  async function open(provider: string, operation: Operation) {
    setOpening(`${provider}:${operation}`);
    try {
      // a GET asked on a click: the provider's `custom` itself (useCustom reads as the page renders)
      const { data } = await dataProvider().custom!<{ url?: string }>({
        url: "/api/punchout/generate_url", method: "get", query: { provider, ...(operation === "inspect" ? { operation } : {}) }, meta: { silent: true },
      });
      if (!data.url) throw new Error("no url");
      window.location.assign(data.url);
    } catch {
      notify("error", { title: translate("punchout.errorTitle", "Error"), message: translate("punchout.noUrl", "Couldn't generate url") });
      setOpening(undefined);
    }
  }

  const suppliers = { data: asking.data?.data };
  if (asking.isLoading) return <Spin />;
  if (!suppliers.data?.length) return <Empty description={translate("punchout.none", "No punchout supplier is enabled for your company.")} />;
  return (
    <div>
      {suppliers.data.map((supplier, index) => (
        <div key={supplier.id}>
          {index > 0 && <Divider style={{ margin: "12px 0" }} />}
          <Flex wrap justify="space-between" align="center" gap={8}>
            <div>
              <Typography.Text strong>{supplier.name}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{supplier.vendor_name}</Typography.Text>
            </div>
            <Space wrap>
              <Button type="primary" icon={<ShopOutlined />} loading={opening === `${supplier.provider}:create`} disabled={!!opening}
                aria-label={`${translate("punchout.newPurchase", "New purchase")} ${supplier.name}`} onClick={() => void open(supplier.provider, "create")}>
                {translate("punchout.newPurchase", "New purchase")}
              </Button>
              <Button icon={<SearchOutlined />} loading={opening === `${supplier.provider}:inspect`} disabled={!!opening}
                aria-label={`${translate("punchout.trackPurchase", "Track purchase")} ${supplier.name}`} onClick={() => void open(supplier.provider, "inspect")}>
                {translate("punchout.trackPurchase", "Track purchase")}
              </Button>
            </Space>
          </Flex>
        </div>
      ))}
    </div>
  );
}
