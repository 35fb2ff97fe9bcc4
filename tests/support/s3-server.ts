/**
 * A real S3-compatible server for tests: s3rver (npm), in this process on a free loopback port,
 * files in a temporary folder. It checks each request's AWS signature against its one account
 * (S3RVER / S3RVER), so a request the SDK signed wrongly is refused as S3 would refuse it.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { s3Client } from "../../src/server/files/s3-store.js";
import type { S3Settings } from "../../src/server/files/settings.js";

export interface TestS3 {
  settings: S3Settings;
  /** the settings as the server reads them from its environment */
  env: Record<string, string>;
  /** every object name in the bucket */
  objects(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3(bucket = "outlay-documents"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as AddressInfo;
  const settings: S3Settings = {
    bucket, region: "us-east-1", endpoint: `http://127.0.0.1:${port}`, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true,
  };
  const client = s3Client(settings);
  return {
    settings,
    env: {
      STORAGE: "s3", S3_BUCKET: bucket, S3_REGION: settings.region, S3_ENDPOINT: settings.endpoint!,
      S3_ACCESS_KEY_ID: settings.accessKeyId, S3_SECRET_ACCESS_KEY: settings.secretAccessKey, S3_FORCE_PATH_STYLE: "true",
    },
    async objects() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
