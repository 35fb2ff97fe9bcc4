/**
 * A pay-bills row's vendor credits: the AVAILABLE credits of the row's vendor in its currency,
 * offered once the row is selected; each may be applied up to its balance (less what other rows
 * take from it) and, together, up to the payment.
 */
import { useTranslation } from "@refinedev/core";
import { Badge, Button, Flex, Input, Popover, Typography } from "antd";
import { formatMoney, money } from "../../../../framework/money.js";
import { numberLocale } from "../../../i18n/index.js";
import type { Row } from "../../../format.js";
import { creditUsedElsewhere, type AppliedCredit, type SelectedInvoice } from "./selection.js";
import type { CreditOption } from "./usePaymentOptions.js";

interface Props {
  row: Row & { id: number; number: string; currency_code: string };
  item: SelectedInvoice | undefined;
  items: readonly SelectedInvoice[];
  available: readonly CreditOption[];
  errors: readonly string[];
  onChange: (credits: AppliedCredit[]) => void;
}

const creditErrors = new Set(["payBills.errors.creditAvailable", "payBills.errors.creditPayment"]);

export function CreditsCell({ row, item, items, available, errors, onChange }: Props) {
  const { translate } = useTranslation();
  if (!available.length) return null;
  const shown = (amount: string) => formatMoney(amount, row.currency_code, numberLocale());
  const total = available.reduce((t, c) => t.plus(c.balance), money(0));
  if (!item) return <Typography.Text type="secondary">{shown(total.toFixed(2))}</Typography.Text>;

  const applied = (creditId: number) => item.credits.find((c) => c.credit_id === creditId)?.amount ?? "";
  const set = (credit: CreditOption, amount: string) => {
    const others = item.credits.filter((c) => c.credit_id !== credit.id);
    onChange(amount.trim() ? [...others, { credit_id: credit.id, payment_number: credit.payment_number, available: credit.balance, amount }] : others);
  };
  const problems = errors.filter((e) => creditErrors.has(e));
  const content = (
    <Flex vertical gap="small" style={{ minWidth: 320 }}>
      {available.map((credit) => {
        const left = money(credit.balance).minus(creditUsedElsewhere(items, credit.id, item.invoice_id));
        return (
          <Flex key={credit.id} justify="space-between" align="center" gap="small">
            <span>{credit.payment_number}</span>
            <Typography.Text type="secondary">{translate("payBills.creditAvailable", { amount: shown(left.toFixed(2)) }, `available ${shown(left.toFixed(2))}`)}</Typography.Text>
            <Input aria-label={`${translate("payBills.applyCredit", "Apply credit")} ${credit.payment_number}`} size="small" style={{ width: 110, textAlign: "right" }}
              placeholder="0.00" value={applied(credit.id)} onChange={(e) => set(credit, e.target.value)} />
          </Flex>
        );
      })}
      {problems.map((p) => <Typography.Text key={p} type="danger" role="alert">{translate(p, p)}</Typography.Text>)}
    </Flex>
  );
  const count = item.credits.length;
  return (
    <Popover trigger="click" content={content} title={translate("payBills.applyCreditsTo", { number: row.number }, `Credits for ${row.number}`)}>
      <Badge count={count} size="small">
        <Button size="small" danger={problems.length > 0}>{translate("payBills.applyCredit", "Apply credit")} ({shown(total.toFixed(2))})</Button>
      </Badge>
    </Popover>
  );
}
