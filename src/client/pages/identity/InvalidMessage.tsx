/** /invalid_message — a private link that is unknown, expired or withdrawn. */
import { useTranslation } from "@refinedev/core";
import { Result } from "antd";

export default function InvalidMessagePage() {
  const { translate } = useTranslation();
  return <Result status="warning" title={translate("privateLink.invalid", "This link is not valid or has expired.")} subTitle={translate("links.askAgain", "Please ask the sender for a new link.")} />;
}
