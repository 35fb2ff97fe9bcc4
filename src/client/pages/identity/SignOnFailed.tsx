/** /saml_failed and /sso_failed — a refused single sign-on: the message built from the two kept texts (the refusal and its detail). */
import { useTranslation } from "@refinedev/core";
import { Button, Result } from "antd";
import { Link } from "react-router";
import { keptFailure } from "../../sso.js";

export default function SignOnFailedPage() {
  const { translate } = useTranslation();
  const failure = keptFailure();
  const title = failure?.error || translate("signOn.failed", "Single sign-on failed");
  return (
    <Result status="error" title={title}
      subTitle={failure?.description || translate("signOn.tryAgain", "Please try again, or ask your administrator.")}
      extra={<Link to="/login"><Button type="primary">{translate("resetPassword.back", "Back to log in")}</Button></Link>} />
  );
}
