/**
 * /set_password/:token — the page of an invitation or a password-reset link: choose a password (the
 * spec's rule and messages), or, for a login invited to another company, accept. Then to /login,
 * and after it to `?next=` when the link names a page of the app (an invoice request's submit page).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Alert, Button, Form, Result, Spin, Typography } from "antd";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { session } from "../../session.js";
import PasswordFields from "./PasswordFields.js";
import PublicCard from "./PublicCard.js";
import { baseError, callPublic, fieldErrors } from "./public-api.js";

interface Opened {
  purpose: "invitation" | "password_reset";
  email: string;
  company_name: string;
  has_password: boolean;
}

type Answer = { ok: true; link: Opened } | { ok: false; message: string };

export default function SetPasswordPage() {
  const { translate } = useTranslation();
  const { token = "" } = useParams();
  const next = useSearchParams()[0].get("next");
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [answer, setAnswer] = useState<Answer>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    void callPublic<Opened>(`/api/users/set_password/${encodeURIComponent(token)}`).then((opened) =>
      setAnswer(opened.ok && opened.data ? { ok: true, link: opened.data } : { ok: false, message: opened.errors?.base?.[0] ?? translate("links.unknown", "This link is not valid.") }));
  }, [token, translate]);

  async function submit(values: { password?: string; password_confirmation?: string }) {
    setSaving(true);
    setError(undefined);
    const result = await callPublic("/api/users/set_password", { token, ...values });
    setSaving(false);
    if (result.ok) {
      const email = answer?.ok ? answer.link.email : "";
      // only a path of this app: never another site
      if (next?.startsWith("/") && !next.startsWith("//")) session.rememberLocation(next);
      void navigate(`/login?password_set&email=${encodeURIComponent(email)}`);
      return;
    }
    form.setFields(fieldErrors(result));
    setError(baseError(result, translate("errors.generic", "Something went wrong. Please try again.")));
  }

  if (!answer) return <Spin fullscreen />;
  if (!answer.ok) return <Result status="warning" title={answer.message} subTitle={translate("links.askAgain", "Please ask the sender for a new link.")} />;
  const { link } = answer;
  const accepting = link.purpose === "invitation" && link.has_password;
  const title = link.purpose === "invitation"
    ? translate("setPassword.joinTitle", { company: link.company_name }, `Join ${link.company_name}`)
    : translate("setPassword.resetTitle", "Choose a new password");
  return (
    <PublicCard title={title}>
      <Typography.Paragraph style={{ textAlign: "center" }}>{link.email}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values as Record<string, string>)}>
        {accepting ? null : <PasswordFields autoFocus />}
        {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} /> : null}
        <Button type="primary" htmlType="submit" block loading={saving}>
          {accepting ? translate("setPassword.accept", "Accept the invitation") : translate("setPassword.submit", "Set my password")}
        </Button>
      </Form>
    </PublicCard>
  );
}
