/**
 * The list's pagination (ListPage.tsx), as antd's small Pagination draws it: previous, the pages around
 * the current one with jumps of five (•••), next, and the page-size changer (antd's Select, already in
 * the shell). Each page is a link to its URL (a new tab opens it there); a plain click stays in the list.
 * Ours rather than antd's Pagination, which brought rc-pagination and its styles (about 6 KB gzip) into
 * the first load of every list (issue 11). On a phone: previous, "page / pages", next.
 */
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "@refinedev/core";
import { Select } from "antd";
import { LeftOutlined, RightOutlined } from "@ant-design/icons";

/** antd's page sizes and the lists' default, 25, so that it stays on offer once another is chosen (a saved odd size joins them) */
const pageSizes = [10, 20, 25, 50, 100];
/** pages shown either side of the current one, as antd's */
const buffer = 2;
const jump = 5;

export type PageItem = number | "back" | "ahead";

/** The pages to show: all of up to seven; else the first, the current ±2 (five at an end), the last, and jumps between. */
export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 3 + buffer * 2) return Array.from({ length: pages }, (_, i) => i + 1);
  let left = Math.max(1, current - buffer);
  let right = Math.min(pages, current + buffer);
  if (current - 1 <= buffer) right = 1 + buffer * 2;
  if (pages - current <= buffer) left = pages - buffer * 2;
  const items: PageItem[] = Array.from({ length: right - left + 1 }, (_, i) => left + i);
  if (left > 1) items.unshift(...(left > 2 ? [1, "back" as const] : [1]));
  if (right < pages) items.push(...(right < pages - 1 ? ["ahead" as const, pages] : [pages]));
  return items;
}

interface Props {
  current: number;
  pageSize: number;
  total: number;
  /** previous, "page / pages", next */
  simple: boolean;
  /** a page's URL */
  href: (page: number) => string;
  onChange: (page: number, pageSize: number) => void;
}

export function Pager({ current, pageSize, total, simple, href, onChange }: Props) {
  const { translate } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (page: number) => (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onChange(page, pageSize);
  };
  const link = (page: number, label: string | undefined, content: ReactNode, className = page === current ? "dt-page dt-current" : "dt-page") => (
    <li key={`${className}${page}`} className={className}>
      <a href={href(page)} aria-label={label} aria-current={page === current ? "page" : undefined} onClick={go(page)}>{content}</a>
    </li>
  );
  const step = (page: number, label: string, icon: ReactNode) => (page < 1 || page > pages
    ? <li key={label} className="dt-page dt-step" aria-disabled><span aria-label={label}>{icon}</span></li>
    : link(page, label, icon, "dt-page dt-step"));
  const previous = step(current - 1, translate("grid.previousPage", "Previous page"), <LeftOutlined />);
  const next = step(current + 1, translate("grid.nextPage", "Next page"), <RightOutlined />);
  const sizes = [...new Set([...pageSizes, pageSize])].sort((a, b) => a - b);

  return (
    <nav aria-label={translate("grid.pages", "Pages")}>
      <ul className="dt-pager" data-simple={simple || undefined}>
        {previous}
        {simple ? <li className="dt-pager-simple">{current} / {pages}</li> : pageItems(current, pages).map((item) => (
          item === "back" ? link(Math.max(1, current - jump), translate("grid.previousPages", "Previous 5 pages"), "•••", "dt-page dt-jump")
            : item === "ahead" ? link(Math.min(pages, current + jump), translate("grid.nextPages", "Next 5 pages"), "•••", "dt-page dt-jump")
              : link(item, undefined, item)
        ))}
        {next}
        {simple ? null : (
          <li className="dt-pager-size">
            <Select size="small" value={pageSize} aria-label={translate("grid.pageSize", "Rows per page")} popupMatchSelectWidth={false}
              options={sizes.map((size) => ({ value: size, label: translate("grid.perPage", { count: size }, `${size} / page`) }))}
              onChange={(size) => onChange(Math.min(current, Math.max(1, Math.ceil(total / size))), size)} />
          </li>
        )}
      </ul>
    </nav>
  );
}
