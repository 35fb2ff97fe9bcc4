/**
 * The generic show page: a head with the record's title, actions and key figures (show/RecordHead),
 * then every other schema and computed field in sections (show/RecordFields), has-many
 * relations (lines, activities…) as paged tables, documents with upload, preview and zip (../documents), buttons to the declared pages
 * about the record (e.g. a contact's permissions) and its declared record actions (e.g. a payment's
 * clear, void, check PDF). A record of an `approvable` resource shows its approval timeline (instead
 * of a table of approvals), in a submittable status "Submit for approval", and the action bar of
 * the approval awaiting the user, if any (the approval route differs only by its title). The declared
 * notices (what holds the record: ../record-notices) sit under the head, above that bar.
 */
import { CanAccess, useShow, useTranslation } from "@refinedev/core";
import { Button, Card, Flex, Result, Spin, Table, Typography } from "antd";
import { Link, useNavigate } from "react-router";
import { pathParams, type ResourceDef } from "../../framework/resource.js";
import { resourceByName } from "../declarations.js";
import { pages } from "../../../resources/pages/index.js";
import { RowActions } from "../actions.js";
import { ActivityFeed } from "../activities/ActivityFeed.js";
import { DocumentsCard } from "../documents/DocumentsCard.js";
import { WithDocument } from "../documents/DocumentPane.js";
import { previewsOf } from "../documents/preview.js";
import { LineGrid } from "../lines/LineGrid.js";
import { ReferenceName } from "./ReferenceSelect.js";
import { ApprovalBar } from "../approvals/ApprovalBar.js";
import { ApprovalTimeline } from "../approvals/ApprovalTimeline.js";
import { DecidedApproval } from "../approvals/DecidedApproval.js";
import { SubmitButton } from "../approvals/SubmitButton.js";
import { approvableOf } from "../approvals/approvables.js";
import { RecordActions } from "../record-actions.js";
import { RecordNotices } from "../record-notices.js";
import { approvalHolds, noticeActions, noticesOn } from "../../framework/notices.js";
import { useFormat, usePageTitle, type Row } from "../format.js";
import { propertiesOf } from "../../framework/schema.js";
import { keyFigures } from "./show/key-figures.js";
import { RecordFields } from "./show/RecordFields.js";
import { RecordHead } from "./show/RecordHead.js";
import { fieldKey } from "../i18n/keys.js";
import { pathFor, showPath } from "../registry.js";
import { notFoundShownByPage } from "../notify.js";

/** relation tables page beyond this many rows */
const relationPageSize = 10;

/** Declared pages about one record of the resource: under its show path (`/contacts/:contactID/permissions`). */
const subPagesOf = (resource: ResourceDef) => {
  const show = resource.routes.show;
  return show ? pages.filter((p) => p.resource === resource.name && p.path.startsWith(`${show}/`) && pathParams(p.path).length === 1) : [];
};

/** Related rows in their resource's own order (the server embeds the newest first), when they carry its sort field. */
function inResourceOrder(target: ResourceDef, rows: Row[]): Row[] {
  const { field, order } = target.defaultSort;
  if (!rows.every((row) => field in row)) return rows;
  const value = (row: Row) => (typeof row[field] === "number" || !Number.isNaN(Number(row[field])) ? Number(row[field]) : String(row[field] ?? ""));
  const sorted = [...rows].sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0));
  return order === "desc" ? sorted.reverse() : sorted;
}

export default function ShowPage({ resource, id, page = "show" }: { resource: ResourceDef; id: string; page?: "show" | "approval" }) {
  const navigate = useNavigate();
  const format = useFormat();
  const pageTitle = usePageTitle();
  const { translate } = useTranslation();
  const { result: record, query } = useShow<Row>({ resource: resource.name, id, meta: notFoundShownByPage });

  if (query.isLoading) return <Spin />;
  // an approval screen of a record already decided leads to the record's own page
  if (!record) return page === "approval" ? <DecidedApproval resource={resource} id={id} /> : <Result status="404" title={translate("errors.recordNotFound", "Record not found.")} />;

  const approvable = approvableOf(resource);
  const previews = previewsOf(resource, record);
  const relations = Object.entries(resource.relations ?? {});
  const label = (field: string) => translate(fieldKey(resource.name, field), field);
  const figures = keyFigures(resource);
  const notices = noticesOn(resource, record);

  const tables = relations.flatMap(([name, relation]) => {
    const target = resourceByName.get(relation.resource);
    const rows = record[name];
    // the server leaves out a related list the reader may not list (no keys, module off): no card then
    if (relation.kind === "belongsTo" || !target || !Array.isArray(rows)) return [];
    if (approvable && relation.resource === "approvals") return [];
    // a relation to documents makes the record take documents: upload, preview, download, zip
    const parentType = relation.kind === "hasMany" && relation.resource === "documents" ? relation.where?.assetable_type : undefined;
    if (parentType) {
      return [<DocumentsCard key={name} resource={resource} parentType={parentType} parent={record} title={label(name)} rows={rows as Row[]} onChanged={() => void query.refetch()} />];
    }
    // a record's history: sentences, not a table of diffs
    if (relation.resource === "activities") {
      return [<ActivityFeed key={name} resource={resource} record={record} rows={rows as Row[]} title={label(name)} />];
    }
    // a document's lines: the line grid, read-only, with its total
    const linesDef = resource.lines?.find((def) => def.relation === name);
    if (linesDef) {
      return [<Card key={name} size="small" title={label(name)}><LineGrid resource={resource} def={linesDef} lines={rows as Row[]} document={record} /></Card>];
    }
    const shown = relation.fields.filter((f) => f !== "id");
    const targetProperties = propertiesOf(target);
    const columns = shown.map((field, i) => ({
      key: field,
      title: translate(fieldKey(target.name, field), field),
      render: (_: unknown, row: Row) => {
        // a reference is named, not numbered (an accrual's matched invoice: its number), and links to its page
        const ownLink = i === 0 && target.routes.show;
        const reference = ownLink ? undefined : targetProperties[field]?.["x-references"];
        if (!reference || row[field] === null || row[field] === undefined) return format.render(target, { field, link: i === 0 ? "show" : undefined }, row);
        const link = showPath(reference, row[field]);
        const name = <ReferenceName resource={reference} id={row[field]} />;
        return link ? <Link to={link}>{name}</Link> : name;
      },
    }));
    return [
      <Card key={name} size="small" title={label(name)} data-relation={name}>
        {rows.length ? (
          <Table<Row> rowKey="id" size="small" dataSource={inResourceOrder(target, rows as Row[])} columns={columns} scroll={{ x: "max-content" }}
            pagination={{ pageSize: relationPageSize, hideOnSinglePage: true, showSizeChanger: false, size: "small" }} />
        ) : <Typography.Text type="secondary">{translate("common.noRecords", "No records")}</Typography.Text>}
      </Card>,
    ];
  });

  return (
    <Flex vertical gap="middle">
      <RecordHead resource={resource} record={record} figures={figures} heading={`${pageTitle(resource, page)} ${format.name(resource, record)}`} actions={<>
        {subPagesOf(resource).map((p) => (
          <CanAccess key={p.path} action="open" params={{ guard: p }}>
            <Button onClick={() => navigate(pathFor(p.path, id))}>{translate(p.title, p.path)}</Button>
          </CanAccess>
        ))}
        {approvable ? <SubmitButton resourceName={resource.name} declaring={approvable.resource.name} approvable={approvable.approvable} record={record} /> : null}
        <RecordActions resource={resource} record={record} omit={noticeActions(notices)} onChanged={() => void query.refetch()} />
        <RowActions resource={resource} row={record} only={["edit", "duplicate", "delete"]}
          onDeleted={() => navigate(resource.routes.list ?? "/")} />
      </>} />
      <RecordNotices resource={resource} record={record} shown={notices} onChanged={() => void query.refetch()} />
      {approvable ? (
        <ApprovalBar type={approvable.approvable.type} resourceName={resource.name} record={record} holds={approvalHolds(notices)}
          number={String(record[approvable.resource.title] ?? record.id)} sayWhenNothing={page === "approval"} />
      ) : null}
      <WithDocument documents={previews}>
        <RecordFields resource={resource} record={record} leaveOut={figures.covered} narrow={previews.length > 0} />
      </WithDocument>
      {approvable ? <ApprovalTimeline type={approvable.approvable.type} id={record.id} /> : null}
      {tables}
    </Flex>
  );
}
