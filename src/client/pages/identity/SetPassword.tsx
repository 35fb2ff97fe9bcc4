/**
 * /set_password/:token — the page of an invitation or a password-reset link: choose a password (the
 * spec's rule and messages), or, for a login invited to another company, accept. Then to /login.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Alert, Button, Form, Input, Result, Spin, Typography } from "antd";
import { useNavigate, useParams } from "react-router";
import PublicCard from "./PublicCard.js";

interface Opened {
  purpose: "invitation" | "password_reset";
  email: string;
  company_name: string;
  has_password: boolean;
}

type Answer = { ok: true; link: Opened } | { ok: false; message: string };

interface Errors {
  errors?: Record<string, string[]>;
}

// the spec's password rule (product-spec 5), checked by the server as well
const passwordRule = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).{8,}$/;

export default function SetPasswordPage() {
  const { translate } = useTranslation();
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [answer, setAnswer] = useState<Answer>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    void fetch(`/api/users/set_password/${encodeURIComponent(token)}`).then(async (response) => {
      const body = (await response.json().catch(() => ({}))) as { data?: Opened } & Errors;
      setAnswer(response.ok && body.data ? { ok: true, link: body.data } : { ok: false, message: body.errors?.base?.[0] ?? translate("links.unknown", "This link is not valid.") });
    });
  }, [token, translate]);

  async function submit(values: { password?: string; password_confirmation?: string }) {
    setSaving(true);
    setError(undefined);
    const response = await fetch("/api/users/set_password", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, ...values }),
    });
    setSaving(false);
    if (response.ok) {
      const email = answer?.ok ? answer.link.email : "";
      void navigate(`/login?password_set&email=${encodeURIComponent(email)}`);
      return;
    }
    const body = (await response.json().catch(() => ({}))) as Errors;
    const fields = Object.entries(body.errors ?? {}).filter(([name]) => name !== "base");
    form.setFields(fields.map(([name, errors]) => ({ name, errors })));
    setError(body.errors?.base?.[0] ?? (fields.length ? undefined : translate("errors.generic", "Something went wrong. Please try again.")));
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
        {accepting ? null : (
          <>
            <Form.Item label={translate("setPassword.password", "Password")} name="password"
              extra={translate("setPassword.rule", "At least 8 characters, with a lowercase and an uppercase letter, a digit and one of ! @ # $ % ^ & *")}
              rules={[{ required: true, pattern: passwordRule, message: translate("setPassword.badPassword", "Please enter atleast 1 character and Number.") }]}>
              <Input.Password autoComplete="new-password" autoFocus />
            </Form.Item>
            <Form.Item label={translate("setPassword.confirmation", "Confirm password")} name="password_confirmation" dependencies={["password"]}
              rules={[{ required: true, message: translate("setPassword.mismatch", "Please ensure the passwords match.") }, ({ getFieldValue }) => ({
                validator: (_, value) => (value === getFieldValue("password") ? Promise.resolve() : Promise.reject(new Error(translate("setPassword.mismatch", "Please ensure the passwords match.")))),
              })]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} /> : null}
        <Button type="primary" htmlType="submit" block loading={saving}>
          {accepting ? translate("setPassword.accept", "Accept the invitation") : translate("setPassword.submit", "Set my password")}
        </Button>
      </Form>
    </PublicCard>
  );
}
