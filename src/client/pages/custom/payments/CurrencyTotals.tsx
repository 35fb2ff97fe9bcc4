/** Totals per currency (pay bills: the selection; review: the payments), amounts in each currency. */
import { useTranslation } from "@refinedev/core";
import { Space, Typography } from "antd";
import { formatMoney, money } from "../../../../framework/money.js";
import { numberLocale } from "../../../i18n/index.js";

export interface Total {
  currency_code: string;
  amount: string;
  credits?: string;
  count?: number;
}

export function CurrencyTotals({ totals }: { totals: readonly Total[] }) {
  const { translate } = useTranslation();
  const shown = (amount: string, currency: string) => formatMoney(amount, currency, numberLocale());
  return (
    <Space wrap size="large" aria-label={translate("payBills.totals", "Totals")}>
      {totals.map((t) => (
        <Typography.Text key={t.currency_code} data-currency={t.currency_code}>
          {t.count === undefined ? null : `${translate("payBills.invoiceCount", { count: t.count }, `${t.count} invoices`)} · `}
          {translate("payBills.total", "Total")} {t.currency_code}: <strong>{shown(t.amount, t.currency_code)}</strong>
          {t.credits && !money(t.credits).isZero() ? ` · ${translate("payBills.creditsApplied", "Credits applied")}: ${shown(t.credits, t.currency_code)}` : null}
        </Typography.Text>
      ))}
    </Space>
  );
}
