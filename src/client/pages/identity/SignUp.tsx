/**
 * /signup — a new company and its administrator (when the instance allows it). The answer is the
 * same whether or not the address has an account: "check your e-mail".
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Alert, Button, Form, Input, Result, Select, Spin } from "antd";
import { Link } from "react-router";
import type { SignUp } from "../../../../schemas/sign_up.js";
import PasswordFields from "./PasswordFields.js";
import PublicCard from "./PublicCard.js";
import { baseError, callPublic, fieldErrors } from "./public-api.js";

export default function SignUpPage() {
  const { translate } = useTranslation();
  const [form] = Form.useForm<SignUp>();
  const [open, setOpen] = useState<boolean>();
  const [saving, setSaving] = useState(false);
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const currencies = useMemo(() => Intl.supportedValuesOf("currency").map((code) => ({ value: code, label: code })), []);

  useEffect(() => {
    void callPublic<{ open: boolean }>("/api/users/signup").then((answer) => setOpen(answer.data?.open ?? false));
  }, []);

  async function submit(values: SignUp) {
    setSaving(true);
    setError(undefined);
    const result = await callPublic("/api/users/signup", values);
    setSaving(false);
    if (result.ok) {
      setSent(values.email);
      return;
    }
    form.setFields(fieldErrors(result) as never);
    setError(baseError(result, translate("errors.generic", "Something went wrong. Please try again.")));
  }

  if (open === undefined) return <Spin fullscreen />;
  if (!open) return <Result status="info" title={translate("signUp.closed", "Sign-up is closed. Ask your company's administrator for an invitation.")} extra={<Link to="/login">{translate("resetPassword.back", "Back to log in")}</Link>} />;
  if (sent) {
    return <Result status="success" title={translate("signUp.sent", "Check your e-mail: we have sent you a link to confirm your address.")} subTitle={sent}
      extra={<Link to="/login">{translate("resetPassword.back", "Back to log in")}</Link>} />;
  }
  return (
    <PublicCard title={translate("signUp.title", "Create your company")}>
      <Form<SignUp> form={form} layout="vertical" requiredMark={false} initialValues={{ currency_code: "USD", company_date_format: "MM/DD/YYYY" }} onFinish={(values) => void submit(values)}>
        <Form.Item label={translate("signUp.companyName", "Company name")} name="company_name" rules={[{ required: true, whitespace: true }]}>
          <Input autoComplete="organization" autoFocus />
        </Form.Item>
        <Form.Item label={translate("signUp.currency", "Currency")} name="currency_code" rules={[{ required: true }]}>
          <Select showSearch options={currencies} />
        </Form.Item>
        <Form.Item label={translate("signUp.dateFormat", "Date format")} name="company_date_format" rules={[{ required: true }]}>
          <Select options={[
            { value: "MM/DD/YYYY", label: translate("signUp.monthFirst", "Month first (12/31/2026)") },
            { value: "DD/MM/YYYY", label: translate("signUp.dayFirst", "Day first (31/12/2026)") },
          ]} />
        </Form.Item>
        <Form.Item label={translate("signUp.name", "Your name")} name="name" rules={[{ required: true, whitespace: true }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label={translate("login.email", "Email")} name="email" rules={[{ required: true, type: "email" }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <PasswordFields />
        {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} /> : null}
        <Button type="primary" htmlType="submit" block loading={saving}>{translate("signUp.submit", "Sign up")}</Button>
      </Form>
      <div style={{ textAlign: "center", marginTop: 16 }}><Link to="/login">{translate("signUp.haveAccount", "Already have an account? Log in")}</Link></div>
    </PublicCard>
  );
}
