/** /login: e-mail and password (OAuth password grant); afterwards to the remembered URL. */
import { useLogin, useTranslation } from "@refinedev/core";
import { Alert, Button, Card, Flex, Form, Input, Typography } from "antd";
import { Link, useSearchParams } from "react-router";

interface Credentials {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { translate } = useTranslation();
  const { mutate: login, isPending, data } = useLogin<Credentials>();
  const [params] = useSearchParams();
  const error = data && !data.success ? data.error?.message : undefined;

  return (
    <Flex justify="center" align="center" style={{ minHeight: "100vh", padding: 16 }}>
      <Card style={{ width: 380, maxWidth: "100%" }}>
        <Typography.Title level={2} style={{ textAlign: "center" }}>Outlay</Typography.Title>
        {params.has("confirmed") ? <Alert type="success" showIcon style={{ marginBottom: 16 }} message={translate("login.confirmed", "Your account is confirmed. Please log in.")} /> : null}
        {params.has("password_set") ? <Alert type="success" showIcon style={{ marginBottom: 16 }} message={translate("login.passwordSet", "Your password is set. Please log in.")} /> : null}
        <Form<Credentials> layout="vertical" requiredMark={false} initialValues={{ email: params.get("email") ?? "" }} onFinish={(values) => login(values)}>
          <Form.Item label={translate("login.email", "Email")} name="email" rules={[{ required: true, type: "email" }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={translate("login.password", "Password")} name="password" rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} /> : null}
          <Button type="primary" htmlType="submit" block loading={isPending}>{translate("login.submit", "Log in")}</Button>
        </Form>
        <div style={{ textAlign: "center", marginTop: 16 }}><Link to="/reset_password">{translate("login.forgot", "Forgot your password?")}</Link></div>
      </Card>
    </Flex>
  );
}
