/**
 * A report's file uploaded to its SFTP server (ssh2-sftp-client), with the report's own settings.
 * Every failure comes back as one plain sentence to record on the report (the run never fails for it).
 */
import SftpClient from "ssh2-sftp-client";
import type { Row } from "../../resources/context.js";

/** seconds a server may take to answer before the upload is given up */
const timeoutMs = 10_000;

/** Uploads `content` as `fileName` into the report's sftp_path; resolves to undefined, or the problem in words. */
export async function uploadBySftp(report: Row, fileName: string, content: Buffer): Promise<string | undefined> {
  if (!report.sftp_host || !report.sftp_username) return "The report has no SFTP host or user name.";
  const client = new SftpClient();
  const folder = String(report.sftp_path ?? "").replace(/\/+$/, "");
  try {
    await client.connect({
      host: String(report.sftp_host), port: Number(report.sftp_port ?? 22), username: String(report.sftp_username),
      password: String(report.sftp_password ?? ""), readyTimeout: timeoutMs, timeout: timeoutMs, retries: 0,
    });
    await client.put(content, folder ? `${folder}/${fileName}` : fileName);
    return undefined;
  } catch (error) {
    return `The upload to ${String(report.sftp_host)} failed: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
