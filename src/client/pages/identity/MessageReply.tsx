/**
 * The vendor's answer to a message, on /private/:token without an account (POST /api/private/{token},
 * domain/admin/message-replies.ts). After sending, the page says it went and offers another answer.
 */
import { useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { baseError, callPublic, fieldErrors } from "./public-api.js";

export default function MessageReply({ token }: { token: string }) {
  const { translate } = useTranslation();
  const [form] = Form.useForm<{ body: string }>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();

  async function send(values: { body: string }) {
    setSending(true);
    setError(undefined);
    const answer = await callPublic(`/api/private/${encodeURIComponent(token)}`, values);
    setSending(false);
    if (answer.ok) {
      form.resetFields();
      setSent(true);
      return;
    }
    form.setFields(fieldErrors(answer) as never);
    setError(baseError(answer, translate("privateLink.replyFailed", "Your answer could not be sent. Please try again.")));
  }

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void send(values)} onValuesChange={() => setSent(false)}>
      {sent ? <Alert type="success" showIcon style={{ marginBottom: 16 }} message={translate("privateLink.replySent", "Your answer was sent.")} /> : null}
      {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} /> : null}
      <Form.Item name="body" label={translate("privateLink.reply", "Your answer")}
        rules={[{ required: true, whitespace: true, message: translate("privateLink.replyBlank", "Please write your answer.") }]}>
        <Input.TextArea rows={5} maxLength={20000} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending} block>{translate("privateLink.send", "Send answer")}</Button>
    </Form>
  );
}
