/**
 * An edit page's documents: the record's PDF or image beside the form (the inbox clerk keys the
 * invoice from it) and, when the record takes documents, its documents card under the form (an
 * employee's receipt for an expense item: upload or phone camera). FormPage wraps its form in this.
 */
import { useTranslation } from "@refinedev/core";
import { Flex } from "antd";
import type { ReactNode } from "react";
import type { ResourceDef } from "../../framework/resource.js";
import { fieldKey } from "../i18n/keys.js";
import type { Row } from "../format.js";
import { WithDocument } from "./DocumentPane.js";
import { DocumentsCard } from "./DocumentsCard.js";
import { documentsRelationOf, previewsOf } from "./preview.js";

export function EditDocuments({ resource, record, onChanged, children }: { resource: ResourceDef; record: Row | undefined; onChanged(): void; children: ReactNode }) {
  const { translate } = useTranslation();
  const name = documentsRelationOf(resource);
  const relation = name ? resource.relations?.[name] : undefined;
  const parentType = relation?.kind === "hasMany" ? relation.where?.assetable_type : undefined;
  if (!record) return <>{children}</>;
  return (
    <WithDocument documents={previewsOf(resource, record)}>
      <Flex vertical gap="middle">
        {children}
        {name && parentType && Array.isArray(record[name]) ? (
          <DocumentsCard resource={resource} parentType={parentType} parent={record} title={translate(fieldKey(resource.name, name), name)} rows={record[name] as Row[]} onChanged={onChanged} />
        ) : null}
      </Flex>
    </WithDocument>
  );
}
