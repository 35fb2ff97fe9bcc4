/** /punchout: the company's punchout suppliers, to shop at one and bring the cart back as a purchase-order request. */
import { useTranslation } from "@refinedev/core";
import { Card, Typography } from "antd";
import type { CustomPageProps } from "../index.js";
import { PunchoutButtons } from "./PunchoutButtons.js";

export default function Punchout({ page }: CustomPageProps) {
  const { translate } = useTranslation();
  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{translate(page.title, page.title)}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{translate("punchout.intro", "Shop in a supplier's catalogue; its cart comes back here as a new purchase-order request.")}</Typography.Paragraph>
      <PunchoutButtons />
    </Card>
  );
}
