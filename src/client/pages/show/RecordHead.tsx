/**
 * The head of a record's show and approval page: its title and actions, then its key figures
 * (key-figures.ts): the status and facts (party, dates) in a row, the amounts large beneath. On a
 * phone the actions wrap under the title and the figures stack. A figure the record does not carry
 * (a list-only column) is left out, as is one behind a company setting that is off.
 */
import { useTranslation } from "@refinedev/core";
import { Card, Descriptions, Flex, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { valueAt } from "../../../framework/conditions.js";
import type { ColumnDef, ResourceDef } from "../../../framework/resource.js";
import { useFormat, type Row } from "../../format.js";
import { fieldKey } from "../../i18n/keys.js";
import { shownInCompany, useUser } from "../../user.js";
import type { KeyFigures } from "./key-figures.js";

// facts and amounts in the same columns, so that they line up
const figureColumns = { xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 3 };
// a label beside a large figure sits on its baseline
const baseline = { alignSelf: "baseline" } as const;

interface Props {
  resource: ResourceDef;
  record: Row;
  heading: string;
  figures: KeyFigures;
  actions: ReactNode;
}

export function RecordHead({ resource, record, heading, figures, actions }: Props) {
  const format = useFormat();
  const { translate } = useTranslation();
  const user = useUser();
  const items = (columns: readonly ColumnDef[]) => columns.filter((c) => valueAt(record, c.field) !== undefined && shownInCompany(user, c))
    .map((c) => ({ key: c.field, label: translate(fieldKey(resource.name, c.field), c.field), children: format.render(resource, c, record) }));
  const facts = items(figures.facts);
  const amounts = items(figures.amounts);
  return (
    <Card data-head>
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" wrap gap="small">
          <Typography.Title level={3} style={{ margin: 0 }}>{heading}</Typography.Title>
          <Space wrap>{actions}</Space>
        </Flex>
        {facts.length ? <Descriptions size="small" column={figureColumns} items={facts} /> : null}
        {amounts.length ? (
          <Descriptions size="small" column={figureColumns} items={amounts}
            styles={{ label: baseline, content: { ...baseline, fontSize: 20, fontWeight: 600, whiteSpace: "nowrap" } }} />
        ) : null}
      </Flex>
    </Card>
  );
}
