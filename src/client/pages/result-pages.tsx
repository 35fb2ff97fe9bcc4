/**
 * Full-page results: not found, not authorized, server error, a page that cannot be shown. Loaded on
 * demand through Results.tsx: antd's Result carries its 404/403/500 illustrations (issue 11).
 */
import { useTranslation } from "@refinedev/core";
import { Button, Result } from "antd";
import { useNavigate } from "react-router";
import type { PageDef } from "../../framework/pages.js";
import { i18n } from "../i18n/index.js";
import { notAuthorized, oops } from "../notify.js";

export function NotFound() {
  const { translate } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result status="404" title="404" subTitle={translate("errors.notFound", "Sorry, the page you visited does not exist.")}
      extra={<Button type="primary" onClick={() => navigate("/")}>{translate("actions.home", "Back Home")}</Button>} />
  );
}

export function NotAuthorized() {
  const notice = notAuthorized();
  return <Result status="403" title={notice.title} subTitle={notice.message} />;
}

export const ServerError = () => <Result status="500" title="500" subTitle={oops().title} />;

export const RenderFailed = () => <Result status="500" title={i18n.t("errors.oopsTitle", "Error")} subTitle={oops().title} />;

export function UnknownPage({ page }: { page: PageDef }) {
  const { translate } = useTranslation();
  return <Result status="error" title={translate("errors.unknownPage", "This page cannot be shown.")}
    subTitle={translate("errors.unknownComponent", { name: page.component ?? "" }, `No page component named "${page.component ?? ""}".`)} />;
}
