/**
 * The side menu of both shells (staff and vendor portal): beside the page on a wide screen. Below
 * the `md` breakpoint it folds away behind its tab; opened, it lies over the page instead of
 * squeezing it into a column of single letters, and it folds again once a page is chosen. The tab
 * is a named button a keyboard reaches (antd's own tab is a bare span).
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "@refinedev/core";
import { Layout } from "antd";
import { BarsOutlined } from "@ant-design/icons";

const overlay = { position: "fixed", insetBlock: 0, insetInlineStart: 0, zIndex: 1000, boxShadow: "0 0 16px rgba(0, 0, 0, 0.15)" } as const;

/** `children(chosen)`: the menu, calling `chosen` after a page is chosen. */
export function ResponsiveSider({ children }: { children: (chosen: () => void) => ReactNode }) {
  const { translate } = useTranslation();
  const [narrow, setNarrow] = useState(false);
  const [collapsed, setCollapsed] = useState<boolean>();
  // antd's tab span handles the click; the button inside names it and takes Enter and Space
  const tab = (
    <span role="button" tabIndex={0} aria-label={translate("menu.toggle", "Menu")} aria-expanded={collapsed === false}
      onKeyDown={(event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        setCollapsed((folded) => !folded);
      }}>
      <BarsOutlined />
    </span>
  );
  return (
    <Layout.Sider theme="light" breakpoint="md" collapsedWidth={0} width={230} trigger={tab}
      collapsed={collapsed} onCollapse={setCollapsed} onBreakpoint={setNarrow}
      zeroWidthTriggerStyle={{ top: 16 }} style={{ borderRight: "1px solid #f0f0f0", ...(narrow ? overlay : {}) }}>
      {/* the menu scrolls inside the fixed overlay (not the sider itself: that would clip its opening tab) */}
      <div style={narrow ? { height: "100%", overflowY: "auto" } : undefined}>
        {children(() => narrow && setCollapsed(true))}
      </div>
    </Layout.Sider>
  );
}
