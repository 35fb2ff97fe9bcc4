/**
 * A vendor's answer to an accrual request, the same form behind both doors (docs/portal.md): the
 * portal's /vendor_portal/submit_accrual/{requestID} and the private link /private/{token}/accruals.
 * An amount (typed as text: exact, never a float) with a description and the service period, or
 * "No accrual needed". One column, full-width buttons: it is answered on phones too. The caller posts
 * the answer; refused fields come back under their inputs, anything else above the buttons.
 */
import { useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Alert, Button, Descriptions, Flex, Form, Input } from "antd";

export interface AccrualAnswer {
  amount?: string;
  description?: string;
  start_date?: string;
  end_date?: string;
  no_accrual_needed?: boolean;
}

/** What the caller's POST answered: ok, or the server's errors per field (`base` for the form). */
export interface AnswerResult {
  ok: boolean;
  errors?: Record<string, string[]>;
}

interface Props {
  period: { start_date?: string | null; end_date?: string | null };
  currency?: string | null;
  onAnswer(answer: AccrualAnswer): Promise<AnswerResult>;
}

export function AccrualAnswerForm({ period, currency, onAnswer }: Props) {
  const { translate } = useTranslation();
  const [form] = Form.useForm<AccrualAnswer>();
  const [busy, setBusy] = useState<"amount" | "none" | null>(null);
  const [error, setError] = useState<string>();

  async function send(answer: AccrualAnswer, which: "amount" | "none") {
    setBusy(which);
    setError(undefined);
    const result = await onAnswer(answer);
    setBusy(null);
    if (result.ok) return;
    const errors = result.errors ?? {};
    form.setFields(Object.entries(errors).filter(([name]) => name !== "base").map(([name, messages]) => ({ name: name as keyof AccrualAnswer, errors: messages })));
    const named = Object.keys(errors).some((name) => name !== "base");
    setError(errors.base?.[0] ?? (named ? undefined : translate("errors.generic", "Something went wrong. Please try again.")));
  }

  const clean = (values: AccrualAnswer): AccrualAnswer =>
    Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== "")) as AccrualAnswer;

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={{ start_date: period.start_date ?? undefined, end_date: period.end_date ?? undefined }}
      onFinish={(values) => void send(clean(values), "amount")}>
      <Form.Item name="amount" label={translate("accrualAnswer.amount", { currency: currency ?? "" }, `Amount ${currency ?? ""}`.trim())}
        rules={[{ required: true, message: translate("accrualAnswer.amountRequired", "Enter the amount, or choose \"No accrual needed\".") }]}>
        <Input inputMode="decimal" autoComplete="off" placeholder="0.00" />
      </Form.Item>
      <Form.Item name="description" label={translate("accrualAnswer.description", "What it is for")}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Flex gap="small">
        <Form.Item name="start_date" label={translate("accrualAnswer.from", "Service from")} style={{ flex: 1 }}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="end_date" label={translate("accrualAnswer.to", "Service to")} style={{ flex: 1 }}>
          <Input type="date" />
        </Form.Item>
      </Flex>
      {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} /> : null}
      <Flex vertical gap="small">
        <Button type="primary" htmlType="submit" block loading={busy === "amount"} disabled={busy === "none"}>
          {translate("accrualAnswer.submit", "Submit accrual")}
        </Button>
        <Button block loading={busy === "none"} disabled={busy === "amount"} onClick={() => void send({ no_accrual_needed: true }, "none")}>
          {translate("accrualAnswer.noAccrual", "No accrual needed")}
        </Button>
      </Flex>
    </Form>
  );
}

/** The answer once given (what the vendor sees afterwards), or why the request takes none. */
export function AccrualAnswerShown({ answer, format }: { answer: Record<string, unknown>; format(field: string): string }) {
  const { translate } = useTranslation();
  if (!answer.answered_at) return <Alert type="info" showIcon message={translate("accrualAnswer.closed", "This request no longer takes answers.")} />;
  return (
    <Flex vertical gap="small">
      <Alert type="success" showIcon message={translate("accrualAnswer.thanks", "Thank you: your answer has been received.")} />
      <Descriptions column={1} size="small" bordered items={answer.no_accrual_needed
        ? [{ key: "none", label: translate("accrualAnswer.answer", "Your answer"), children: translate("accrualAnswer.noAccrual", "No accrual needed") }]
        : [
          { key: "amount", label: translate("accrualAnswer.answeredAmount", "Amount"), children: format("response_amount") },
          { key: "description", label: translate("accrualAnswer.description", "What it is for"), children: format("description") || "—" },
        ]} />
    </Flex>
  );
}
