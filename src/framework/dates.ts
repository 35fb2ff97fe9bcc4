/** Dates travel as YYYY-MM-DD; each company shows them in its own format. */
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);

export type CompanyDateFormat = "MM/DD/YYYY" | "DD/MM/YYYY";

export const companyDateFormats: readonly CompanyDateFormat[] = ["MM/DD/YYYY", "DD/MM/YYYY"];

/** Date-only values are shown as stored; timestamps on their UTC date. */
export function formatDate(value: string | null | undefined, format: string = "MM/DD/YYYY"): string {
  if (!value) return "";
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value) : dayjs.utc(value);
  return parsed.isValid() ? parsed.format(format) : "";
}

export function formatDateTime(value: string | null | undefined, format: string = "MM/DD/YYYY"): string {
  if (!value) return "";
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(`${format} h:mm A`) : "";
}

export function isoDate(value: Date | string = new Date()): string {
  return dayjs.utc(value).format("YYYY-MM-DD");
}
