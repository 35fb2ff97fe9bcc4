/** The frame of the pages reached without a session (sign-in, password links): one centred card. */
import type { ReactNode } from "react";
import { Card, Flex, Typography } from "antd";

export default function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="center" align="center" style={{ minHeight: "100vh", padding: 16 }}>
      <Card style={{ width: 400, maxWidth: "100%" }}>
        <Typography.Title level={2} style={{ textAlign: "center", marginTop: 0 }}>Outlay</Typography.Title>
        <Typography.Title level={4} style={{ textAlign: "center" }}>{title}</Typography.Title>
        {children}
      </Card>
    </Flex>
  );
}
