/**
 * A minimal SMTP server for tests (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT;
 * no TLS, no AUTH): it accepts every message and keeps it, so a test can count what was delivered.
 */
import net from "node:net";

export interface SunkMail {
  from: string;
  to: string[];
  subject: string;
  data: string;
}

export interface SmtpSink {
  port: number;
  messages: SunkMail[];
  close(): Promise<void>;
}

/** On `port` (a sink stopped and started again, "the SMTP server comes back"), or on a free one; `received` sees each message. */
export async function startSmtpSink(port = 0, received?: (mail: SunkMail) => void): Promise<SmtpSink> {
  const messages: SunkMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let buffer = "";
    let inData = false;
    let envelope: { from: string; to: string[] } = { from: "", to: [] };
    let data: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            const text = data.join("\r\n");
            const subject = /^Subject: (.*)$/im.exec(text)?.[1] ?? "";
            const mail = { ...envelope, subject, data: text };
            messages.push(mail);
            received?.(mail);
            envelope = { from: "", to: [] };
            data = [];
            reply("250 queued");
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") {
          socket.write("250-sink\r\n250 8BITMIME\r\n");
        } else if (verb === "MAIL") {
          envelope.from = line.slice(10).trim();
          reply("250 ok");
        } else if (verb === "RCPT") {
          envelope.to.push(line.slice(8).trim());
          reply("250 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "RSET") {
          envelope = { from: "", to: [] };
          reply("250 ok");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else {
          reply(verb === "HELO" ? "250 sink" : verb === "NOOP" ? "250 ok" : "502 not implemented");
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const listening = (server.address() as net.AddressInfo).port;
  return {
    port: listening,
    messages,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
