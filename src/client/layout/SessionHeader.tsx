/**
 * The signed-in header of both shells: what comes first (the staff bell), the company switcher
 * under its name (Company for staff, Purchaser in the vendor portal), the language, the profile and
 * logout. On a phone it keeps the controls and drops their words (the menu trigger sits on its left).
 */
import type { ReactNode } from "react";
import { useTranslation } from "@refinedev/core";
import { Button, Flex, Grid, Layout, Select } from "antd";
import { Text } from "../text.js";
import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Link, useNavigate } from "react-router";
import { languages, setLanguage, i18n } from "../i18n/index.js";
import { switchCompany, useUser } from "../user.js";

export function SessionHeader({ switcherLabel, profilePath, before }: { switcherLabel: string; profilePath: string; before?: ReactNode }) {
  const user = useUser();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().md !== false;
  const logout = translate("actions.logout", "Logout");
  return (
    <Layout.Header style={{ background: "#fff", padding: wide ? "0 16px" : "0 8px 0 52px", borderBottom: "1px solid #f0f0f0" }}>
      <Flex justify="flex-end" align="center" gap={wide ? "middle" : "small"} style={{ height: "100%" }}>
        {before}
        <Select aria-label={switcherLabel} value={user.company.id} style={{ minWidth: wide ? 160 : 0, flex: wide ? undefined : "1 1 auto" }}
          options={user.companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(id: number) => void switchCompany(id)} />
        <Select aria-label={translate("header.language", "Language")} value={i18n.language} style={{ width: wide ? 110 : 64 }}
          options={Object.entries(languages).map(([value, label]) => ({ value, label: wide ? label : value.toUpperCase() }))} onChange={setLanguage} />
        <Link to={profilePath} aria-label={translate("header.profile", "Profile")}>
          <Text strong style={{ whiteSpace: "nowrap" }}><UserOutlined />{wide ? ` ${user.name}` : null}</Text>
        </Link>
        <Button icon={<LogoutOutlined />} aria-label={logout} onClick={() => navigate("/logout")}>{wide ? logout : null}</Button>
      </Flex>
    </Layout.Header>
  );
}
