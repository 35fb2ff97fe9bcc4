/**
 * A light bar chart (dashboard chart widgets): one row per bar — label, SVG bar, value — or, for a
 * trend over time (`columns`), one column per bar left to right; bars may link.
 */
import { Empty, Flex, Typography } from "antd";
import { Link } from "react-router";

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** the value as shown (money, count) */
  text: string;
  /** the value in few characters, under a column */
  short: string;
  href?: string;
}

const barColor = "#1677ff";
const trackColor = "#f0f5ff";

const columnHeight = 120;

function Columns({ bars, title, max }: { bars: readonly Bar[]; title: string; max: number }) {
  return (
    <Flex gap={4} align="end" role="list" aria-label={title} style={{ overflowX: "auto" }}>
      {bars.map((bar) => {
        const column = (
          <Flex vertical align="center" gap={2} role="listitem" title={`${bar.label}: ${bar.text}`} style={{ minWidth: 44 }}>
            <Typography.Text style={{ fontSize: 12, whiteSpace: "nowrap" }}>{bar.short}</Typography.Text>
            <svg width={28} height={columnHeight} aria-hidden>
              <rect x={0} y={0} width={28} height={columnHeight} rx={3} fill={trackColor} />
              <rect x={0} y={columnHeight * (1 - Math.abs(bar.value) / max)} width={28} height={(columnHeight * Math.abs(bar.value)) / max} rx={3} fill={barColor} />
            </svg>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>{bar.label}</Typography.Text>
          </Flex>
        );
        return bar.href ? <Link key={bar.key} to={bar.href} style={{ color: "inherit", flex: 1 }}>{column}</Link> : <div key={bar.key} style={{ flex: 1 }}>{column}</div>;
      })}
    </Flex>
  );
}

export function BarChart({ bars, title, columns = false }: { bars: readonly Bar[]; title: string; columns?: boolean }) {
  if (!bars.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const max = Math.max(...bars.map((b) => Math.abs(b.value)), 0) || 1;
  if (columns) return <Columns bars={bars} title={title} max={max} />;
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
