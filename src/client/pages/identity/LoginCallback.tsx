/**
 * /login/callback — where the sign-on provider sends the browser back (OIDC with code and state;
 * after SAML with a one-use grant, or with the refusal's texts): signs in, or shows the failure page.
 */
import { useEffect, useRef } from "react";
import { useLogin } from "@refinedev/core";
import { Spin } from "antd";
import { useNavigate } from "react-router";
import { callbackRequest, keepFailure } from "../../sso.js";

export default function LoginCallbackPage() {
  const { mutateAsync: login } = useLogin<{ sso: Record<string, string> }>();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // once: the state and grant are used up by the first call
    if (started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    const failedPage = url.searchParams.get("protocol") === "saml" ? "/saml_failed" : "/sso_failed";
    const request = callbackRequest(url);
    if (!request) {
      keepFailure({ error: url.searchParams.get("error") ?? "", description: url.searchParams.get("error_description") ?? "" });
      void navigate(failedPage, { replace: true });
      return;
    }
    void login({ sso: request }).then((result) => {
      if (!result.success) void navigate(request.grant ? "/saml_failed" : "/sso_failed", { replace: true });
    });
  }, [login, navigate]);

  return <Spin fullscreen />;
}
