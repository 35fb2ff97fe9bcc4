/** /unlock_user/:token — the link of the e-mail sent when sign-in attempts slowed an account down: it lifts the slowdown. */
import { useEffect, useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Button, Result, Spin } from "antd";
import { Link, useParams } from "react-router";
import { callPublic } from "./public-api.js";

type Answer = { ok: true; email: string } | { ok: false; message: string };

export default function UnlockUserPage() {
  const { translate } = useTranslation();
  const { token = "" } = useParams();
  const [answer, setAnswer] = useState<Answer>();
  useEffect(() => {
    void callPublic<{ email: string }>("/api/users/unlock", { token }).then((used) =>
      setAnswer(used.ok && used.data ? { ok: true, email: used.data.email } : { ok: false, message: used.errors?.base?.[0] ?? translate("links.unknown", "This link is not valid.") }));
  }, [token, translate]);
  if (!answer) return <Spin fullscreen />;
  if (!answer.ok) return <Result status="warning" title={answer.message} subTitle={translate("links.askAgain", "Please ask the sender for a new link.")} />;
  return (
    <Result status="success" title={translate("unlockUser.done", "Your account is unlocked.")} subTitle={answer.email}
      extra={<Link to={`/login?email=${encodeURIComponent(answer.email)}`}><Button type="primary">{translate("login.submit", "Log in")}</Button></Link>} />
  );
}
