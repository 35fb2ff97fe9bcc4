/**
 * A local SFTP server for tests (ssh2's Server with its SFTP subsystem): password auth for one user,
 * files written under a temporary folder — enough of the protocol for an upload (REALPATH, STAT,
 * OPEN, WRITE, CLOSE). Its host key is made at start.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import ssh2 from "ssh2";

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

export interface SftpServer { port: number; root: string; username: string; password: string; close(): Promise<void> }

export async function startSftpServer(username = "reports", password = "s3cret"): Promise<SftpServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-sftp-"));
  const hostKey = utils.generateKeyPairSync("ed25519").private;
  const inRoot = (name: string) => path.join(root, path.normalize(`/${name}`));
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on("authentication", (auth) => {
      if (auth.method === "password" && auth.username === username && auth.password === password) auth.accept();
      else auth.reject(["password"]);
    });
    client.on("error", () => undefined);
    client.on("ready", () => {
      client.on("session", (accept) => {
        accept().on("sftp", (acceptSftp) => {
          const sftp = acceptSftp();
          const open = new Map<number, number>();
          let next = 0;
          sftp.on("REALPATH", (id, name) => sftp.name(id, [{ filename: path.posix.normalize(`/${name}`), longname: "", attrs: {} as never }]));
          const stat = (id: number, name: string) => {
            const file = inRoot(name);
            if (!fs.existsSync(file)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
            const s = fs.statSync(file);
            sftp.attrs(id, { mode: s.mode, uid: 0, gid: 0, size: s.size, atime: 0, mtime: 0 });
          };
          sftp.on("STAT", stat);
          sftp.on("LSTAT", stat);
          sftp.on("OPEN", (id, name) => {
            const handle = Buffer.alloc(4);
            handle.writeUInt32BE(next);
            open.set(next++, fs.openSync(inRoot(name), "w"));
            sftp.handle(id, handle);
          });
          sftp.on("WRITE", (id, handle, offset, data) => {
            fs.writeSync(open.get(handle.readUInt32BE())!, data, 0, data.length, offset);
            sftp.status(id, STATUS_CODE.OK);
          });
          sftp.on("CLOSE", (id, handle) => {
            const fd = open.get(handle.readUInt32BE());
            if (fd !== undefined) fs.closeSync(fd);
            open.delete(handle.readUInt32BE());
            sftp.status(id, STATUS_CODE.OK);
          });
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port, root, username, password,
    close: () => new Promise<void>((resolve) => server.close(() => { fs.rmSync(root, { recursive: true, force: true }); resolve(); })),
  };
}
