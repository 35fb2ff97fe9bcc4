/**
 * The payment date: a date picker that refuses days before the earliest payment date and days
 * banks do not settle (weekends, Federal Reserve holidays), with the spec's cut-off text.
 */
import { useTranslation } from "@refinedev/core";
import { DatePicker, Flex, Typography } from "antd";
import dayjs from "dayjs";
import { useUser } from "../../../user.js";
import { paymentDateError } from "./selection.js";

interface Props {
  value: string;
  onChange: (date: string) => void;
}

export function PaymentDateField({ value, onChange }: Props) {
  const { translate } = useTranslation();
  const { company } = useUser();
  const error = paymentDateError(value);
  const label = translate("payBills.paymentDate", "Payment Date");
  return (
    <Flex vertical gap={2}>
      <Flex gap="small" align="center">
        <Typography.Text strong>{label}</Typography.Text>
        <DatePicker aria-label={label} allowClear={false} format={company.company_date_format} value={value ? dayjs(value) : null}
          status={error ? "error" : undefined} disabledDate={(day) => paymentDateError(day.format("YYYY-MM-DD")) !== null}
          onChange={(day) => day && onChange(day.format("YYYY-MM-DD"))} />
      </Flex>
      {error ? <Typography.Text type="danger">{translate(error, error)}</Typography.Text> : null}
      <Typography.Text type="secondary">
        {translate("payBills.cutOff", "Payment processing cut-off text: 4pm PST / 7pm EST; later submissions are processed the next business day.")}
      </Typography.Text>
    </Flex>
  );
}
