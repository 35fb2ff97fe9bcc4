/** /reset_password — ask for a link to choose a new password; the answer never says whether the address has an account. */
import { useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { Link } from "react-router";
import PublicCard from "./PublicCard.js";
import { callPublic } from "./public-api.js";

export default function ResetPasswordPage() {
  const { translate } = useTranslation();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ type: "success" | "error"; message: string }>();

  async function submit({ email }: { email: string }) {
    setSending(true);
    const result = await callPublic("/api/users/password", { email });
    setSending(false);
    setAnswer(result.ok
      ? { type: "success", message: translate("resetPassword.sent", "If an account exists for this address, we have sent it a link to set a new password.") }
      : { type: "error", message: Object.values(result.errors ?? {}).flat()[0] ?? translate("errors.generic", "Something went wrong. Please try again.") });
  }

  return (
    <PublicCard title={translate("resetPassword.title", "Reset your password")}>
      <Form layout="vertical" requiredMark={false} onFinish={(values) => void submit(values as { email: string })}>
        <Form.Item label={translate("login.email", "Email")} name="email" rules={[{ required: true, type: "email" }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        {answer ? <Alert type={answer.type} showIcon style={{ marginBottom: 16 }} message={answer.message} /> : null}
        <Button type="primary" htmlType="submit" block loading={sending}>{translate("resetPassword.submit", "Send me a link")}</Button>
      </Form>
      <div style={{ textAlign: "center", marginTop: 16 }}><Link to="/login">{translate("resetPassword.back", "Back to log in")}</Link></div>
    </PublicCard>
  );
}
