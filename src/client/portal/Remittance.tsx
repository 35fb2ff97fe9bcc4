/**
 * What payments settled, as the vendor reconciles it (docs/portal.md "Remittance"): the links between
 * its invoices and the payments and vendor credits applied to them, read through
 * `GET /api/portal/invoice_payment_links`. A payment's page lists each invoice it paid — the invoice's
 * own amount, what this payment applied to it, the vendor credits applied to it — and the total applied,
 * which is the payment's amount; an invoice's page lists each payment and credit with what it applied.
 */
import { useList, useTranslation } from "@refinedev/core";
import { Card, Flex, Grid, Table, Tag, Typography, type TableColumnsType } from "antd";
import { Link } from "react-router";
import { sum } from "../../framework/money.js";
import { resourceByName } from "../declarations.js";
import { useFormat, type Row } from "../format.js";
import { portalPrefix, portalResource } from "./sections.js";

/** The declarations whose fields the links embed: loaded with the portal's (PortalPages). */
export const remittanceResources = ["invoice_payment_links", "invoices", "payments", "vendor_credits"];
const linksOf = portalResource("invoice_payment_links");
/** more links than a payment or an invoice has (an embed holds at most 100) */
const pageSize = 500;
/** amounts, dates and numbers stay on one line (INV-100465 does not break at its hyphen) */
const nowrap = { whiteSpace: "nowrap" } as const;

type Applied = Row & { invoice_id: number; payment_id: number; amount: string; invoice?: Row | null; payment?: Row | null; vendor_credit?: Row | null };

/** A value of an embedded record, formatted by its own resource's declaration, in `currency` when it is money. */
function useCell() {
  const format = useFormat();
  return (resource: string, field: string, record: Row | null | undefined, currency: unknown) =>
    record ? format.render(resourceByName.get(resource)!, { field }, { currency_code: currency, ...record }) : "—";
}

function useLinks(filter: { field: string; operator: "eq" | "in"; value: unknown }, enabled = true) {
  const { result, query } = useList<Applied>({
    resource: linksOf, filters: [filter], pagination: { currentPage: 1, pageSize }, queryOptions: { enabled },
  });
  return { links: result.data, loading: query.isLoading && enabled };
}

const money = (format: ReturnType<typeof useFormat>, amount: string, currency: unknown) =>
  format.render(resourceByName.get("invoice_payment_links")!, { field: "amount" }, { amount, invoice: { currency_code: currency } });

/** The links in a card, the amount applied last, its total beneath. */
function AppliedTable({ title, columns, rows, loading, currency }: { title: string; columns: TableColumnsType<Applied>; rows: Applied[]; loading: boolean; currency: unknown }) {
  const { translate } = useTranslation();
  const format = useFormat();
  const total = (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={columns.length - 1}><Typography.Text strong>{translate("portal.remittance.totalApplied", "Total applied")}</Typography.Text></Table.Summary.Cell>
      <Table.Summary.Cell index={1} align="right"><Typography.Text strong style={nowrap}>{money(format, sum(rows.map((r) => r.amount)), currency)}</Typography.Text></Table.Summary.Cell>
    </Table.Summary.Row>
  );
  return (
    <Card size="small" title={title}>
      <Table<Applied> rowKey="id" size="small" pagination={false} scroll={{ x: true }} loading={loading} columns={columns} dataSource={rows}
        locale={{ emptyText: translate("dashboard.none", "None") }} summary={() => (rows.length ? total : null)} />
    </Card>
  );
}

/** A payment's remittance: per invoice it paid, the invoice, the credits applied to it and the amount this payment applied. */
export function PaymentRemittance({ payment }: { payment: Row }) {
  const { translate } = useTranslation();
  const format = useFormat();
  const cell = useCell();
  const phone = Grid.useBreakpoint().sm === false;
  const invoiceIds = ((payment.invoices ?? []) as Row[]).map((invoice) => invoice.id);
  // every link of the invoices it paid: this payment's, and the credits applied to them
  const { links, loading } = useLinks({ field: "invoice_id", operator: "in", value: invoiceIds }, invoiceIds.length > 0);
  const paid = links.filter((link) => link.payment_id === payment.id);
  const creditsOf = (invoiceId: number) => links.filter((link) => link.invoice_id === invoiceId && link.vendor_credit);
  const rows = paid.sort((a, b) => String(a.invoice?.number).localeCompare(String(b.invoice?.number)));
  const currency = payment.currency_code;
  const label = (key: string, fallback: string) => translate(`portal.remittance.${key}`, fallback);
  const invoiceLink = (link: Applied) => <Link to={`${portalPrefix}/invoices/${link.invoice_id}`}>{String(link.invoice?.number ?? link.invoice_id)}</Link>;
  const credits = (link: Applied) => creditsOf(link.invoice_id).map((credit) => (
    <span key={credit.id as number} style={nowrap}>{String(credit.vendor_credit!.payment_number)} · {money(format, credit.amount, currency)}</span>
  ));
  const paidColumn = { key: "paid", title: label("paidByPayment", "Paid by this payment"), align: "right" as const, onCell: () => ({ style: nowrap }), render: (_: unknown, link: Applied) => money(format, link.amount, currency) };
  // a phone: the invoice, its date and amount and the credits applied to it in one cell, beside what this payment paid
  const columns: TableColumnsType<Applied> = phone ? [
    {
      key: "invoice", title: label("invoice", "Invoice"),
      render: (_, link) => (
        <Flex vertical>
          {invoiceLink(link)}
          <Typography.Text type="secondary" style={nowrap}>{cell("invoices", "date", link.invoice, currency)} · {cell("invoices", "amount", link.invoice, currency)}</Typography.Text>
          {creditsOf(link.invoice_id).length ? <Typography.Text type="secondary">{label("creditApplied", "Credit applied")}: {credits(link)}</Typography.Text> : null}
        </Flex>
      ),
    },
    paidColumn,
  ] : [
    { key: "invoice", title: label("invoice", "Invoice"), onCell: () => ({ style: nowrap }), render: (_, link) => invoiceLink(link) },
    { key: "date", title: label("invoiceDate", "Invoice date"), onCell: () => ({ style: nowrap }), render: (_, link) => cell("invoices", "date", link.invoice, currency) },
    { key: "amount", title: label("invoiceAmount", "Invoice amount"), align: "right", onCell: () => ({ style: nowrap }), render: (_, link) => cell("invoices", "amount", link.invoice, currency) },
    { key: "credits", title: label("creditApplied", "Credit applied"), render: (_, link) => (creditsOf(link.invoice_id).length ? <Flex vertical>{credits(link)}</Flex> : "—") },
    paidColumn,
  ];
  return <AppliedTable title={label("title", "Remittance")} columns={columns} rows={rows} loading={loading} currency={currency} />;
}

/** An invoice's payments and vendor credits, each with the amount it applied to the invoice. */
export function InvoiceRemittance({ invoice }: { invoice: Row }) {
  const { translate } = useTranslation();
  const format = useFormat();
  const cell = useCell();
  const phone = Grid.useBreakpoint().sm === false;
  const { links, loading } = useLinks({ field: "invoice_id", operator: "eq", value: invoice.id });
  const currency = invoice.currency_code;
  const label = (key: string, fallback: string) => translate(`portal.remittance.${key}`, fallback);
  const paidBy = (link: Applied) => link.payment
    ? <Link to={`${portalPrefix}/payments/${link.payment_id}`}>{String(link.payment.payment_number)}</Link>
    : <>{String(link.vendor_credit?.payment_number ?? "—")} <Tag>{translate("vendor_credits.titles.show", "Vendor Credit")}</Tag></>;
  const date = (link: Applied) => (link.payment ? cell("payments", "payment_date", link.payment, currency) : cell("vendor_credits", "payment_date", link.vendor_credit, currency));
  const status = (link: Applied) => (link.payment ? cell("payments", "status", link.payment, currency) : null);
  const applied = { key: "applied", title: label("applied", "Amount applied"), align: "right" as const, onCell: () => ({ style: nowrap }), render: (_: unknown, link: Applied) => money(format, link.amount, currency) };
  // a phone: the payment or credit with its date and status in one cell, beside what it applied
  const columns: TableColumnsType<Applied> = phone ? [
    {
      key: "number", title: label("paidBy", "Paid by"),
      render: (_, link) => <Flex vertical align="flex-start" gap={2}><span style={nowrap}>{paidBy(link)}</span><Typography.Text type="secondary" style={nowrap}>{date(link)}</Typography.Text>{status(link)}</Flex>,
    },
    applied,
  ] : [
    { key: "number", title: label("paidBy", "Paid by"), onCell: () => ({ style: nowrap }), render: (_, link) => paidBy(link) },
    { key: "date", title: label("date", "Date"), onCell: () => ({ style: nowrap }), render: (_, link) => date(link) },
    { key: "status", title: translate("payments.fields.status", "Status"), render: (_, link) => status(link) },
    applied,
  ];
  return <AppliedTable title={translate("invoices.fields.payments", "Payments")} columns={columns} rows={links} loading={loading} currency={currency} />;
}
