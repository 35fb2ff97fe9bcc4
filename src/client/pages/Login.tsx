/**
 * /login: e-mail and password (OAuth password grant), or single sign-on for an address whose
 * company has it (sso.ts); afterwards to the remembered URL. Links to reset and, when the instance
 * allows it, sign-up.
 */
import { useEffect, useState } from "react";
import { useLogin, useTranslation } from "@refinedev/core";
import { Alert, Button, Divider, Form, Input } from "antd";
import { Link, useSearchParams } from "react-router";
import PublicCard from "./identity/PublicCard.js";
import { callPublic } from "./identity/public-api.js";
import { startSso } from "../sso.js";

interface Credentials {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { translate } = useTranslation();
  const { mutate: login, isPending, data } = useLogin<Credentials>();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Credentials>();
  const [ssoError, setSsoError] = useState<string>();
  const [ssoPending, setSsoPending] = useState(false);
  const [signUpOpen, setSignUpOpen] = useState(false);
  const error = ssoError ?? (data && !data.success ? data.error?.message : undefined);

  useEffect(() => {
    void callPublic<{ open: boolean }>("/api/users/signup").then((answer) => setSignUpOpen(answer.data?.open ?? false));
  }, []);

  async function singleSignOn() {
    setSsoError(undefined);
    const email = await form.validateFields(["email"]).then((values) => values.email).catch(() => undefined);
    if (!email) return;
    setSsoPending(true);
    const answer = await startSso(email);
    if (!answer.ok) {
      setSsoPending(false);
      setSsoError(Object.values(answer.errors ?? {}).flat()[0] ?? translate("errors.generic", "Something went wrong. Please try again."));
    }
  }

  return (
    <PublicCard title={translate("login.title", "Log in")}>
      {params.has("confirmed") ? <Alert type="success" showIcon style={{ marginBottom: 16 }} message={translate("login.confirmed", "Your account is confirmed. Please log in.")} /> : null}
      {params.has("password_set") ? <Alert type="success" showIcon style={{ marginBottom: 16 }} message={translate("login.passwordSet", "Your password is set. Please log in.")} /> : null}
      <Form<Credentials> form={form} layout="vertical" requiredMark={false} initialValues={{ email: params.get("email") ?? "" }}
        onFinish={(values) => { setSsoError(undefined); login(values); }}>
        <Form.Item label={translate("login.email", "Email")} name="email" rules={[{ required: true, type: "email" }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label={translate("login.password", "Password")} name="password" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} /> : null}
        <Button type="primary" htmlType="submit" block loading={isPending}>{translate("login.submit", "Log in")}</Button>
      </Form>
      <Divider plain>{translate("login.or", "or")}</Divider>
      <Button block loading={ssoPending} onClick={() => void singleSignOn()}>{translate("login.sso", "Log in with single sign-on")}</Button>
      <div style={{ textAlign: "center", marginTop: 16 }}><Link to="/reset_password">{translate("login.forgot", "Forgot your password?")}</Link></div>
      {signUpOpen ? <div style={{ textAlign: "center", marginTop: 8 }}><Link to="/signup">{translate("login.signUp", "New to Outlay? Create your company")}</Link></div> : null}
    </PublicCard>
  );
}
