/** A light horizontal bar chart (dashboard chart widgets): one row per bar, label, SVG bar, value; bars may link. */
import { Empty, Flex, Typography } from "antd";
import { Link } from "react-router";

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** the value as shown (money, count) */
  text: string;
  href?: string;
}

const barColor = "#1677ff";
const trackColor = "#f0f5ff";

export function BarChart({ bars, title }: { bars: readonly Bar[]; title: string }) {
  if (!bars.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const max = Math.max(...bars.map((b) => Math.abs(b.value)), 0) || 1;
  return (
    <Flex vertical gap={6} role="list" aria-label={title}>
      {bars.map((bar) => {
        const row = (
          <Flex align="center" gap="small" role="listitem" title={`${bar.label}: ${bar.text}`}>
            <Typography.Text ellipsis style={{ width: "28%", flex: "none" }}>{bar.label}</Typography.Text>
            <svg width="100%" height={18} style={{ flex: 1, minWidth: 40 }} aria-hidden>
              <rect x={0} y={0} width="100%" height={18} rx={3} fill={trackColor} />
              <rect x={0} y={0} width={`${(Math.abs(bar.value) / max) * 100}%`} height={18} rx={3} fill={barColor} />
            </svg>
            <Typography.Text strong style={{ width: "24%", flex: "none", textAlign: "right", whiteSpace: "nowrap" }}>{bar.text}</Typography.Text>
          </Flex>
        );
        return bar.href ? <Link key={bar.key} to={bar.href} style={{ color: "inherit" }}>{row}</Link> : <div key={bar.key}>{row}</div>;
      })}
    </Flex>
  );
}
