/**
 * A record's history on its show page, newest first, each entry a sentence (framework/activity-words.ts)
 * with its time: what the has-many relation to activities renders, in place of a table of diffs.
 */
import { useTranslation } from "@refinedev/core";
import { Card, Timeline, Typography } from "antd";
import { activitySentence } from "../../framework/activity-words.js";
import type { ResourceDef } from "../../framework/resource.js";
import { useFormat, type Row } from "../format.js";

export function ActivityFeed({ resource, record, rows, title }: { resource: ResourceDef; record: Row; rows: Row[]; title: string }) {
  const { translate } = useTranslation();
  const format = useFormat();
  const words = {
    translate: (key: string, params: Record<string, unknown>, fallback: string) => translate(key, params, fallback),
    show: (field: string, value: unknown) => format.format(resource, field, value, record),
  };
  return (
    <Card size="small" title={title} data-relation="activities">
      {rows.length ? (
        <Timeline items={rows.map((row) => ({
          key: String(row.id),
          children: (
            <>
              <Typography.Text>{activitySentence(row, resource, words)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{format.format(resource, "created_at", row.created_at, row)}</Typography.Text>
            </>
          ),
        }))} />
      ) : <Typography.Text type="secondary">{translate("common.noRecords", "No records")}</Typography.Text>}
    </Card>
  );
}
