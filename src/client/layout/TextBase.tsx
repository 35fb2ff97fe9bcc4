/**
 * The text style antd's App gives the page (colour, font, size, line height), without App itself: App
 * brings antd's message, notification and modal hooks into the first load (issue 11); the client opens
 * dialogs and notices through dialogs.tsx and notify.ts, on demand.
 */
import type { ReactNode } from "react";
import { theme } from "antd";

export function TextBase({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}
