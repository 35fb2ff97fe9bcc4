/**
 * A record's declared notices (ResourceDef.notices, shown per framework/notices.ts) at the top of its
 * show, approval and edit pages: a warning with its headline, the reasons it lists, what to do, and the
 * record action it offers to whoever may take it (below the text, so that it wraps on a phone).
 */
import { useTranslation } from "@refinedev/core";
import { Alert, Flex, Typography } from "antd";
import type { ShownNotice } from "../framework/notices.js";
import type { ResourceDef } from "../framework/resource.js";
import type { Row } from "./format.js";
import { RecordActions } from "./record-actions.js";

interface Props {
  resource: ResourceDef;
  record: Row;
  shown: readonly ShownNotice[];
  /** after the offered action changed the record */
  onChanged: () => void;
}

export function RecordNotices({ resource, record, shown, onChanged }: Props) {
  const { translate } = useTranslation();
  if (!shown.length) return null;
  return (
    <Flex vertical gap="small">
      {shown.map(({ notice, reasons }) => {
        const description = (
          <Flex vertical gap="small" align="flex-start">
            {reasons?.length ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {reasons.map((reason, i) => <li key={i}>{reason}</li>)}
              </ul>
            ) : null}
            {notice.detail ? <Typography.Text type="secondary">{translate(notice.detail, { ...record }, notice.detail)}</Typography.Text> : null}
            {notice.action ? <RecordActions resource={resource} record={record} only={[notice.action]} onChanged={onChanged} /> : null}
          </Flex>
        );
        return (
          <Alert key={notice.message} type="warning" showIcon role="alert" data-notice={notice.message}
            message={<Typography.Text strong>{translate(notice.message, { ...record, count: reasons?.length }, notice.message)}</Typography.Text>}
            description={reasons?.length || notice.detail || notice.action ? description : undefined} />
        );
      })}
    </Flex>
  );
}
