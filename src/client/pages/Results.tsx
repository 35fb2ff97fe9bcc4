/** Full-page results: not found, not authorized, server error. */
import { Component, useEffect, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "@refinedev/core";
import { Button, Result } from "antd";
import { useNavigate } from "react-router";
import { i18n } from "../i18n/index.js";
import { notAuthorized, notify, oops } from "../notify.js";

export function NotFound() {
  const { translate } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result status="404" title="404" subTitle={translate("errors.notFound", "Sorry, the page you visited does not exist.")}
      extra={<Button type="primary" onClick={() => navigate("/")}>{translate("actions.home", "Back Home")}</Button>} />
  );
}

/** A denied route: the notification of product spec 8, and not the page. */
export function NotAuthorized() {
  const notice = notAuthorized();
  useEffect(() => notify("error", notAuthorized(), "not-authorized"), []);
  return <Result status="403" title={notice.title} subTitle={notice.message} />;
}

export const ServerError = () => <Result status="500" title="500" subTitle={oops().title} />;

/** Render failures show the Oops page instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <Result status="500" title={i18n.t("errors.oopsTitle", "Error")} subTitle={oops().title} /> : this.props.children;
  }
}
