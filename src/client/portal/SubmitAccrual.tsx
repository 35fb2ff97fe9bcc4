/**
 * /vendor_portal/submit_accrual/{requestID}: the signed-in vendor answers an accrual request of its
 * own (portal action submit_accrual, docs/portal.md "Accrual requests"), with the form the private
 * link shows; once answered, the page shows the answer. Another vendor's request is not found.
 */
import { useCustomMutation, useOne, useTranslation, type HttpError } from "@refinedev/core";
import { Card, Descriptions, Flex, Spin, Typography } from "antd";
import { Link, useParams } from "react-router";
import requests from "../../../resources/accrual_requests.js";
import { useFormat, type Row } from "../format.js";
import { fieldKey } from "../i18n/keys.js";
import { notify } from "../notify.js";
import { NotFound } from "../pages/Results.js";
import { AccrualAnswerForm, AccrualAnswerShown, type AccrualAnswer, type AnswerResult } from "./AccrualAnswerForm.js";
import { portalPrefix, portalResource } from "./sections.js";
import { useResources } from "../declarations.js";

const answerable = ["NEW", "SENT"];
/** stands for the request's number in the translated title, so the number can be set apart */
const numberMark = "\u0001";

export default function SubmitAccrual() {
  // the texts (and declarations) of the resources it shows
  useResources(["accrual_requests"]);
  const { id = "" } = useParams();
  const { translate } = useTranslation();
  const format = useFormat();
  const { result: request, query } = useOne<Row>({ resource: portalResource("accrual_requests"), id, errorNotification: false });
  const { mutateAsync } = useCustomMutation();
  if (query.isLoading) return <Spin />;
  if (query.isError || !request) return <NotFound />;

  async function answer(values: AccrualAnswer): Promise<AnswerResult> {
    try {
      await mutateAsync({ url: `/api/portal/accrual_requests/${encodeURIComponent(id)}/submit_accrual`, method: "post", values, meta: { silent: true }, errorNotification: false });
      notify("success", { title: translate("accrualAnswer.thanks", "Thank you: your answer has been received.") });
      await query.refetch();
      return { ok: true };
    } catch (error) {
      return { ok: false, errors: (error as HttpError).errors as Record<string, string[]> | undefined };
    }
  }

  const field = (name: string) => ({ key: name, label: translate(fieldKey("accrual_requests", name), name), children: format.text(requests, name, request) || "—" });
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 480 }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {/* the number stays on one line (AR-200020 does not break at its hyphen) */}
          {translate("accrualAnswer.title", { number: numberMark }, `Answer accrual request ${numberMark}`).split(numberMark).flatMap((text, i) =>
            (i === 0 ? [text] : [<span key={i} style={{ whiteSpace: "nowrap" }}>{String(request.number)}</span>, text]))}
        </Typography.Title>
        <Link to={`${portalPrefix}/accrual_requests`}>{translate("portal.backToList", "Back to list")}</Link>
      </Flex>
      <Card size="small">
        <Descriptions column={1} size="small" items={[field("service_date"), field("start_date"), field("end_date"), field("status")]} />
      </Card>
      <Card size="small">
        {answerable.includes(String(request.status))
          ? <AccrualAnswerForm period={{ start_date: request.start_date as string | null, end_date: request.end_date as string | null }} onAnswer={answer} />
          : <AccrualAnswerShown answer={request} format={(name) => format.text(requests, name, request)} />}
      </Card>
    </Flex>
  );
}
