/**
 * Dashboards (product spec 2.4): cards with live counts, chosen by role. Admin roles see invoices
 * by status, vendors and purchase orders; PO managers purchase orders by status; receiving
 * managers what is open to receive; everyone else a card per list they may open.
 */
import { stringifyTableParams, useList, useTranslation, type CrudFilter } from "@refinedev/core";
import { Card, Col, Row, Statistic, Typography } from "antd";
import { Link } from "react-router";
import { canAct } from "../../framework/permissions.js";
import { resourceByName, resources } from "../../../resources/index.js";
import { statusKey, titleKey } from "../i18n/keys.js";
import { useUser } from "../user.js";

interface CardDef {
  resource: string;
  status?: string;
}

const statusCards = (resource: string, statuses: string[]): CardDef[] => statuses.map((status) => ({ resource, status }));

const boards: Record<"admin" | "purchasing" | "receiving", CardDef[]> = {
  admin: [
    ...statusCards("invoices", ["NEW", "PENDING", "PAYABLE", "PAID"]),
    { resource: "vendors" },
    { resource: "purchase_orders" },
  ],
  purchasing: statusCards("purchase_orders", ["DRAFT", "PENDING", "APPROVED", "OPEN", "CLOSED"]),
  receiving: [...statusCards("purchase_orders", ["ACTIVE"]), { resource: "vendors" }],
};

function boardOf(role: string): CardDef[] {
  if (role === "admin" || role === "admin_readonly") return boards.admin;
  if (role === "po_manager" || role === "po_admin") return boards.purchasing;
  return resources.filter((r) => r.menu && r.routes.list).map((r) => ({ resource: r.name }));
}

function CountCard({ card }: { card: CardDef }) {
  const { translate } = useTranslation();
  const resource = resourceByName.get(card.resource)!;
  const filters: CrudFilter[] = card.status && resource.statuses
    ? [{ field: resource.statuses.field, operator: "in", value: [card.status] }]
    : [];
  const { result, query } = useList({ resource: resource.name, pagination: { currentPage: 1, pageSize: 0 }, filters });
  const title = [
    translate(titleKey(resource.name, "list"), resource.name),
    card.status ? translate(statusKey(resource.name, card.status), card.status) : undefined,
  ].filter(Boolean).join(" · ");
  return (
    <Link to={`${resource.routes.list}?${stringifyTableParams({ filters, sorters: [] })}`}>
      <Card hoverable>
        <Statistic title={title} value={result.total ?? 0} loading={query.isLoading} />
      </Card>
    </Link>
  );
}

function Board({ title, cards }: { title: string; cards: CardDef[] }) {
  const user = useUser();
  const allowed = cards.filter((card) => {
    const resource = resourceByName.get(card.resource);
    return resource?.routes.list && canAct(user, resource, "list");
  });
  return (
    <>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Row gutter={[16, 16]}>
        {allowed.map((card) => (
          <Col key={`${card.resource}.${card.status ?? ""}`} xs={24} sm={12} lg={8} xl={6}>
            <CountCard card={card} />
          </Col>
        ))}
      </Row>
    </>
  );
}

export function Dashboard() {
  const { role } = useUser();
  const { translate } = useTranslation();
  return <Board title={translate("dashboard.title", "Dashboard")} cards={boardOf(role)} />;
}

export function ReceivingDashboard() {
  const { translate } = useTranslation();
  return <Board title={translate("dashboard.receiving", "Receiving")} cards={boards.receiving} />;
}

export function VendorPortal() {
  const user = useUser();
  const { translate } = useTranslation();
  return (
    <>
      <Typography.Title level={3}>{translate("portal.title", "Vendor portal")}</Typography.Title>
      <Typography.Paragraph>{translate("portal.welcome", { name: user.name }, `Welcome, ${user.name}.`)}</Typography.Paragraph>
    </>
  );
}
