/**
 * A currency code field: a searchable select of the ISO 4217 currencies the browser knows, named in
 * the user's language ("EUR — euro"); a new record starts with the company's currency (FormPage).
 */
import { useMemo } from "react";
import { Select } from "antd";
import type { WidgetProps } from "@rjsf/utils";
import { useLanguage } from "../../i18n/index.js";

function currencyOptions(language: string) {
  const names = new Intl.DisplayNames([language], { type: "currency" });
  return Intl.supportedValuesOf("currency").map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
}

export function CurrencyWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, label }: WidgetProps) {
  const language = useLanguage();
  const options = useMemo(() => currencyOptions(language), [language]);
  return (
    <Select id={id} aria-label={label} showSearch optionFilterProp="label" allowClear style={{ width: "100%" }} options={options}
      value={(value as string | undefined) || undefined} disabled={disabled || readonly}
      onChange={(code: string | undefined) => onChange(code ?? undefined)}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
  );
}
