/**
 * /contacts/{contactID}/permissions: the contact's role in this company and the permission keys it
 * holds — the role matrix (`keysOfRole`) plus the company's enabled modules, i.e. what the server's
 * permission check counts (spec 6). For a vendor-portal role the modules do not count.
 */
import { useOne, useTranslation } from "@refinedev/core";
import { Card, Descriptions, Empty, Flex, Result, Spin, Tag, Typography } from "antd";
import { Link, useParams } from "react-router";
import { pathParams } from "../../../framework/resource.js";
import { keysOfRole, portalRoles } from "../../../framework/roles.js";
import { roleKey } from "../../i18n/keys.js";
import { showPath } from "../../registry.js";
import { useUser } from "../../user.js";
import type { CustomPageProps } from "./index.js";

type Contact = { id: number; first_name: string; last_name: string; email: string | null; role: string | null };

export default function ContactPermissions({ page }: CustomPageProps) {
  const params = useParams();
  const id = params[pathParams(page.path)[0]];
  const user = useUser();
  const { translate } = useTranslation();
  const { result: contact, query } = useOne<Contact>({ resource: "contacts", id });
  if (query.isLoading) return <Spin />;
  if (!contact) return <Result status="404" title={translate("errors.recordNotFound", "Record not found.")} />;
  const keys = contact.role ? [...keysOfRole(contact.role)].sort() : [];
  const portal = contact.role !== null && portalRoles.includes(contact.role);
  const modules = portal ? [] : Object.entries(user.module_settings).filter(([, on]) => on).map(([name]) => name).sort();
  const name = `${contact.first_name} ${contact.last_name}`;
  const link = showPath("contacts", contact.id);
  const tags = (values: string[]) => <Flex wrap gap={4}>{values.map((v) => <Tag key={v}>{v}</Tag>)}</Flex>;
  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{translate(page.title, page.title)}: {name}</Typography.Title>}>
      <Descriptions bordered size="small" column={1} items={[
        { key: "contact", label: translate("permissions.contact", "Contact"), children: link ? <Link to={link}>{name}</Link> : name },
        { key: "role", label: translate("permissions.role", "Role"), children: contact.role ? translate(roleKey(contact.role), contact.role) : translate("permissions.noRole", "No sign-in role") },
        {
          key: "keys",
          label: translate("permissions.keys", { count: keys.length }, `Permissions (${keys.length})`),
          children: keys.length ? tags(keys) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={translate("permissions.none", "No permissions")} />,
        },
        ...(portal ? [] : [{ key: "modules", label: translate("permissions.modules", "Company modules"), children: tags(modules) }]),
      ]} />
    </Card>
  );
}
