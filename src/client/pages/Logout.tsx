import { useEffect } from "react";
import { useLogout } from "@refinedev/core";
import { Spin } from "antd";

/** /logout: revoke the token, clear the session, go to /login. */
export default function LogoutPage() {
  const { mutate: logout } = useLogout();
  useEffect(() => logout(), [logout]);
  return <Spin fullscreen />;
}
