/** /users/confirmation?confirmation_token — the link of a sign-up's e-mail: confirms the address, then to /login?confirmed. */
import { useEffect, useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Result, Spin } from "antd";
import { Link, useNavigate, useSearchParams } from "react-router";
import { callPublic } from "./public-api.js";

export default function ConfirmationPage() {
  const { translate } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("confirmation_token") ?? "";
  const [refused, setRefused] = useState<string>();

  useEffect(() => {
    void callPublic<{ email: string }>(`/api/users/confirmation?confirmation_token=${encodeURIComponent(token)}`).then((answer) => {
      if (answer.ok && answer.data) void navigate(`/login?confirmed&email=${encodeURIComponent(answer.data.email)}`, { replace: true });
      else setRefused(answer.errors?.base?.[0] ?? translate("links.unknown", "This link is not valid."));
    });
  }, [token, navigate, translate]);

  if (!refused) return <Spin fullscreen />;
  return <Result status="warning" title={refused} subTitle={translate("confirmation.again", "Sign up again with the same address to get a new link.")}
    extra={<Link to="/login">{translate("resetPassword.back", "Back to log in")}</Link>} />;
}
