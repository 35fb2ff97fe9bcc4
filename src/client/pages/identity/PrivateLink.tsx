/**
 * /private/:token and /private/:token/accruals — what a vendor opens from an e-mail without an
 * account: the message (and the vendor's answer to it), or the accrual request asked of them,
 * answered in place (the form shared with the portal) and shown with its answer afterwards. A link
 * that is not valid (any more) goes to /invalid_message.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Descriptions, Spin, Typography } from "antd";
import { useNavigate, useParams } from "react-router";
import { formatDate } from "../../../framework/dates.js";
import { formatMoney } from "../../../framework/money-format.js";
import { AccrualAnswerForm, AccrualAnswerShown, type AccrualAnswer } from "../../portal/AccrualAnswerForm.js";
import MessageReply from "./MessageReply.js";
import PublicCard from "./PublicCard.js";
import { callPublic } from "./public-api.js";

type Opened = Record<string, string | null> & { answerable?: boolean; no_accrual_needed?: boolean };

export default function PrivateLinkPage({ accruals = false }: { accruals?: boolean }) {
  const { translate } = useTranslation();
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened>();

  useEffect(() => {
    void callPublic<Opened>(`/api/private/${encodeURIComponent(token)}${accruals ? "/accruals" : ""}`).then((answer) => {
      if (answer.ok && answer.data) setOpened(answer.data);
      else void navigate("/invalid_message", { replace: true });
    });
  }, [token, accruals, navigate]);

  async function answer(values: AccrualAnswer) {
    const result = await callPublic<Opened>(`/api/private/${encodeURIComponent(token)}/accruals`, values);
    if (result.ok && result.data) setOpened(result.data);
    return result;
  }

  if (!opened) return <Spin fullscreen />;
  const date = (value: string | null) => (value ? formatDate(value.slice(0, 10), opened.company_date_format ?? undefined) : "—");
  if (accruals) {
    return (
      <PublicCard title={translate("privateLink.accrualTitle", { company: opened.company_name }, `Accrual request from ${opened.company_name}`)}>
        <Descriptions column={1} size="small" items={[
          { key: "vendor", label: translate("privateLink.vendor", "Vendor"), children: opened.vendor_name },
          { key: "number", label: translate("privateLink.number", "Request"), children: opened.number },
          { key: "service", label: translate("privateLink.serviceDate", "Service date"), children: date(opened.service_date) },
          { key: "period", label: translate("privateLink.period", "Period"), children: `${date(opened.start_date)} – ${date(opened.end_date)}` },
        ]} />
        <div style={{ marginTop: 16 }}>
          {opened.answerable
            ? <AccrualAnswerForm period={{ start_date: opened.start_date, end_date: opened.end_date }} currency={opened.currency_code} onAnswer={answer} />
            : <AccrualAnswerShown answer={opened} format={(field) => (field === "response_amount" ? formatMoney(opened.response_amount ?? "0", opened.currency_code ?? "USD") : opened[field] ?? "")} />}
        </div>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={opened.subject ?? ""}>
      <Typography.Paragraph type="secondary" style={{ textAlign: "center" }}>
        {translate("privateLink.from", { company: opened.company_name, vendor: opened.vendor_name }, `From ${opened.company_name} to ${opened.vendor_name}`)}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>{opened.body}</Typography.Paragraph>
      <MessageReply token={token} />
    </PublicCard>
  );
}
