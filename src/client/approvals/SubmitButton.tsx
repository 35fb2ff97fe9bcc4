/** "Submit for approval" on an approvable record in a submittable status, for holders of the declared permission. */
import { useState } from "react";
import { useCustomMutation, useTranslation } from "@refinedev/core";
import { Button } from "antd";
import { SendOutlined } from "@ant-design/icons";
import { can } from "../../framework/permissions.js";
import type { Row } from "../format.js";
import { notify } from "../notify.js";
import { useUser } from "../user.js";
import { serverMessage, type Approvable } from "./approvables.js";
import { useApprovalsChanged } from "./useApprovals.js";

interface Props {
  /** the page's resource (read again after the submit) */
  resourceName: string;
  /** the resource declaring `approvable`, whose submit route is called */
  declaring: string;
  approvable: Approvable;
  record: Row;
}

export function SubmitButton({ resourceName, declaring, approvable, record }: Props) {
  const user = useUser();
  const { translate } = useTranslation();
  const changed = useApprovalsChanged(resourceName, record.id);
  const [busy, setBusy] = useState(false);
  const { mutateAsync } = useCustomMutation();
  if (!approvable.submittable.includes(String(record.status)) || !can(user, approvable.permission)) return null;

  async function submit() {
    setBusy(true);
    try {
      await mutateAsync({ url: `/api/${declaring}/${String(record.id)}/submit`, method: "post", values: {}, meta: { silent: true }, errorNotification: false });
      notify("success", { title: translate("approval.submitted", "Submitted for approval") });
      await changed();
    } catch (error) {
      notify("error", { title: translate("approval.submitFailed", "The submission failed"), message: serverMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return <Button type="primary" icon={<SendOutlined />} loading={busy} onClick={() => void submit()}>{translate("approval.submit", "Submit for approval")}</Button>;
}
