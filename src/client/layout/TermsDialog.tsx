/** Terms not yet accepted: a blocking dialog; Agree saves date and version, Decline logs out (product spec 4). */
import { useState } from "react";
import { useInvalidateAuthStore, useTranslation, useUpdate } from "@refinedev/core";
import { Button, Modal, Typography } from "antd";
import { useLocation, useNavigate } from "react-router";
import { acceptedTermsVersion, forgetCurrentUser, useUser } from "../user.js";

export default function TermsDialog() {
  const user = useUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { translate } = useTranslation();
  const invalidate = useInvalidateAuthStore();
  const [saving, setSaving] = useState(false);
  const { mutateAsync: update } = useUpdate();
  if (user.date_accepted_term) return null;

  async function agree() {
    setSaving(true);
    try {
      await update({
        resource: "users", id: user.id, successNotification: false,
        values: { user: { date_accepted_term: new Date().toISOString(), version_accepted_term: acceptedTermsVersion } },
      });
      forgetCurrentUser();
      await invalidate();
      // a vendor already on a portal page (an e-mailed invoice request's) stays there
      if (user.role !== "vendor") navigate("/");
      else if (!pathname.startsWith("/vendor_portal")) navigate("/vendor_portal");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open closable={false} maskClosable={false} keyboard={false} title={translate("terms.title", "Terms and Conditions")}
      footer={[
        <Button key="decline" onClick={() => navigate("/logout")}>{translate("terms.decline", "Decline")}</Button>,
        <Button key="agree" type="primary" loading={saving} onClick={() => void agree()}>{translate("terms.agree", "Agree")}</Button>,
      ]}>
      <Typography.Paragraph>
        {translate("terms.text", "Please read and accept the terms and conditions of Outlay to continue.")}
      </Typography.Paragraph>
    </Modal>
  );
}
