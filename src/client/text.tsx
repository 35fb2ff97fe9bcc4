/**
 * Headings and strong or secondary text as antd's Typography draws them, as plain elements: Typography
 * carries its copy, edit and measured-ellipsis machinery (a text area, a tooltip) into every chunk that
 * uses it, and the first load (issue 11) needs none of it.
 */
import type { CSSProperties, ReactNode } from "react";
import { theme } from "antd";

/** A line cut with an ellipsis where it overflows (plain CSS; the full text in a `title` where it matters). */
export const oneLine: CSSProperties = { minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" };

export function Heading({ level, style, children }: { level: 3 | 4; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  const H = `h${level}` as const;
  return (
    <H style={{ margin: 0, color: token.colorTextHeading, fontWeight: token.fontWeightStrong, wordBreak: "break-word",
      fontSize: level === 3 ? token.fontSizeHeading3 : token.fontSizeHeading4,
      lineHeight: level === 3 ? token.lineHeightHeading3 : token.lineHeightHeading4, ...style }}>
      {children}
    </H>
  );
}

interface TextProps { strong?: boolean; secondary?: boolean; style?: CSSProperties; title?: string; children: ReactNode }

export function Text({ strong, secondary, style, title, children }: TextProps) {
  const { token } = theme.useToken();
  const color = secondary ? token.colorTextSecondary : token.colorText;
  return (
    <span title={title} style={{ color, wordBreak: "break-word", ...style }}>
      {strong ? <strong style={{ fontWeight: token.fontWeightStrong }}>{children}</strong> : children}
    </span>
  );
}
