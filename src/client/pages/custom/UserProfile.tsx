/** /user_profile: the signed-in user — name, e-mail, role, company, language, and when the terms were accepted. */
import { useTranslation } from "@refinedev/core";
import { Card, Descriptions, Select, Typography } from "antd";
import { i18n, languages, setLanguage } from "../../i18n/index.js";
import { roleKey } from "../../i18n/keys.js";
import { useUser } from "../../user.js";
import type { CustomPageProps } from "./index.js";

export default function UserProfile({ page }: CustomPageProps) {
  const user = useUser();
  const { translate } = useTranslation();
  const label = (key: string, fallback: string) => translate(`profile.${key}`, fallback);
  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{translate(page.title, page.title)}</Typography.Title>}>
      <Descriptions bordered size="small" column={1} items={[
        { key: "name", label: label("name", "Name"), children: user.name },
        { key: "email", label: label("email", "E-mail"), children: user.email },
        { key: "role", label: label("role", "Role"), children: translate(roleKey(user.role), user.role) },
        { key: "company", label: label("company", "Company"), children: user.company.name },
        {
          key: "language",
          label: label("language", "Language"),
          children: <Select aria-label={label("language", "Language")} value={i18n.language} style={{ width: 160 }}
            options={Object.entries(languages).map(([value, name]) => ({ value, label: name }))} onChange={setLanguage} />,
        },
        { key: "terms", label: label("termsAccepted", "Terms accepted"), children: user.formatted_date_accepted_term ?? label("termsNotAccepted", "Not yet") },
      ]} />
    </Card>
  );
}
