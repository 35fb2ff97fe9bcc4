/**
 * The public page of an outbound link (/link/:purpose/:token), outside the signed-in shell: it asks
 * the server what the link opens and, for an unknown, expired or withdrawn link, shows the server's
 * reason. The pages that act on a link (set a password, answer an invoice request) build on it:
 * a valid invoice request link leads to the portal's submit page (through the login when signed out).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Result, Spin } from "antd";
import { useNavigate, useParams } from "react-router";

type Answer = { ok: true } | { ok: false; message: string; reason: string };
type Opened = { data?: { record: { type: string; id: number }; company_id: number }; errors?: { base?: string[] }; reason?: string };

/** Where a valid link of a purpose leads, when it leads somewhere (`company_id`: the shell switches to the link's company) */
const landings: Record<string, (id: number, companyId: number) => string> = {
  invoice_request: (id, companyId) => `/vendor_portal/submit_invoice/${id}?company_id=${companyId}`,
};

export default function LinkPage() {
  const { translate } = useTranslation();
  const { purpose = "", token = "" } = useParams();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<Answer>();
  useEffect(() => {
    void fetch(`/api/public/links/${encodeURIComponent(purpose)}/${encodeURIComponent(token)}`).then(async (response) => {
      const body = (await response.json().catch(() => ({}))) as Opened;
      const landing = response.ok && body.data ? landings[purpose]?.(body.data.record.id, body.data.company_id) : undefined;
      if (landing) {
        void navigate(landing, { replace: true });
        return;
      }
      setAnswer(response.ok ? { ok: true } : { ok: false, reason: body.reason ?? "unknown", message: body.errors?.base?.[0] ?? translate("links.unknown", "This link is not valid.") });
    });
  }, [purpose, token, translate, navigate]);
  if (!answer) return <Spin fullscreen />;
  if (!answer.ok) return <Result status={answer.reason === "unknown" ? "404" : "warning"} title={answer.message} subTitle={translate("links.askAgain", "Please ask the sender for a new link.")} />;
  return <Result status="success" title={translate("links.valid", "This link is valid.")} />;
}
