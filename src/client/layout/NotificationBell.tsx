/**
 * The header bell: the count of the user's unread notifications (read again every minute and on
 * every navigation), the latest ones in a dropdown. Opening one marks it read and goes to its link;
 * "All notifications" opens /notifications.
 */
import { useEffect } from "react";
import { useList, useTranslation, useUpdate } from "@refinedev/core";
import { Badge, Button, Dropdown } from "antd";
import { oneLine, Text } from "../text.js";
import { BellOutlined } from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import type { Row } from "../format.js";

const pollMs = 60_000;
const shown = 5;

export function NotificationBell() {
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { result, query } = useList<Row>({
    resource: "notifications",
    filters: [{ field: "read_at_null", operator: "eq", value: "true" }],
    sorters: [{ field: "id", order: "desc" }],
    pagination: { currentPage: 1, pageSize: shown },
    errorNotification: false,
    queryOptions: { refetchInterval: pollMs },
  });
  const { refetch } = query;
  const { mutateAsync: update } = useUpdate();
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const unread = result.total ?? 0;

  async function open(row: Row) {
    await update({ resource: "notifications", id: row.id as number, values: { read_at: new Date().toISOString() }, successNotification: false });
    await refetch();
    navigate(typeof row.link === "string" && row.link ? row.link : `/notifications/${String(row.id)}`);
  }

  const items = [
    ...result.data.map((row) => ({
      key: String(row.id),
      label: (
        <div style={{ maxWidth: 320 }}>
          <Text strong>{String(row.title)}</Text>
          {row.body ? <div style={oneLine}><Text secondary title={String(row.body)}>{String(row.body)}</Text></div> : null}
        </div>
      ),
      onClick: () => void open(row),
    })),
    ...(result.data.length ? [{ type: "divider" as const, key: "divider" }] : []),
    { key: "all", label: translate("header.allNotifications", "All notifications"), onClick: () => navigate("/notifications") },
  ];

  return (
    <Dropdown trigger={["click"]} placement="bottomRight" menu={{ items }}>
      <Button type="text" aria-label={translate("header.notifications", { count: unread }, `Notifications (${unread} unread)`)}>
        <Badge count={unread} size="small" overflowCount={99}><BellOutlined style={{ fontSize: 18 }} /></Badge>
      </Button>
    </Dropdown>
  );
}
