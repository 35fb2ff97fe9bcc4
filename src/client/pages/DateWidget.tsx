/**
 * The date field of the generated forms: shown in the company's format, and typed in it too
 * (25/12/2026 for a DD/MM/YYYY company, 12/25/2026 for MM/DD/YYYY) or as 2026-12-25; the value kept
 * is YYYY-MM-DD, as the API takes it. rjsf's own date widget reads only YYYY-MM-DD and dropped
 * what a person typed in the company's format.
 */
import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat.js";
import { DatePicker } from "antd";
import type { WidgetProps } from "@rjsf/utils";
import { useUser } from "../user.js";

// antd parses typed text with the formats given; two-digit days and months need the strict parser
dayjs.extend(customParseFormat);

const apiFormat = "YYYY-MM-DD";

export function DateWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder }: WidgetProps) {
  const { company } = useUser();
  const parsed = typeof value === "string" && value ? dayjs(value, apiFormat) : null;
  return (
    <DatePicker id={id} style={{ width: "100%" }} placeholder={placeholder ?? company.company_date_format}
      format={[company.company_date_format, apiFormat]} value={parsed?.isValid() ? parsed : null}
      disabled={disabled || readonly}
      onChange={(date) => onChange(date ? date.format(apiFormat) : undefined)}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
  );
}
