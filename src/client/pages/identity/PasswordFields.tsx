/** A new password and its confirmation, with the spec's rule and messages (product-spec 5); the server checks them too. */
import { useTranslation } from "@refinedev/core";
import { Form, Input } from "antd";

const passwordRule = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).{8,}$/;

export default function PasswordFields({ autoFocus = false }: { autoFocus?: boolean }) {
  const { translate } = useTranslation();
  const mismatch = translate("setPassword.mismatch", "Please ensure the passwords match.");
  return (
    <>
      <Form.Item label={translate("setPassword.password", "Password")} name="password"
        extra={translate("setPassword.rule", "At least 8 characters, with a lowercase and an uppercase letter, a digit and one of ! @ # $ % ^ & *")}
        rules={[{ required: true, pattern: passwordRule, message: translate("setPassword.badPassword", "Please enter atleast 1 character and Number.") }]}>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item label={translate("setPassword.confirmation", "Confirm password")} name="password_confirmation" dependencies={["password"]}
        rules={[{ required: true, message: mismatch }, ({ getFieldValue }) => ({
          validator: (_, value) => (value === getFieldValue("password") ? Promise.resolve() : Promise.reject(new Error(mismatch))),
        })]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
