/**
 * The S3-compatible file store (AWS S3, MinIO, Ceph, R2, …): each file one object, named
 * "<company id>/<random uuid>" in the bucket, key "s3:<that name>". put() hands the stream to the
 * SDK's managed upload, which sends it as it is read; the upload check in front of it (./check.ts)
 * errors the stream at the size limit or a wrong type, and the upload is then abandoned, so the
 * bucket keeps nothing of a refused file.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Settings } from "./settings.js";
import type { FileStore } from "./store.js";

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // checksums only where S3 requires them: the SDK's newer default (CRC32 headers and trailers
    // on every upload) is refused by several S3-compatible servers
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** The object name of a key of this company, or null (another company's key, or not an S3 key). */
function objectName(key: string, companyId: number): string | null {
  const match = /^s3:(\d{1,9})\/[0-9a-f-]{36}$/.exec(key);
  return match && Number(match[1]) === companyId ? key.slice(3) : null;
}

export function s3Store(settings: S3Settings, client = s3Client(settings)): FileStore {
  const Bucket = settings.bucket;
  return {
    async put(content, { companyId }) {
      const Key = `${String(companyId)}/${randomUUID()}`;
      // parts of 5 MB, one at a time: a document (maxDocumentBytes) is one or two parts
      const upload = new Upload({ client, params: { Bucket, Key, Body: content }, queueSize: 1 });
      try {
        await upload.done();
      } catch (error) {
        // the check's own error (413, 422) rather than the SDK's wrapping of it
        throw content.errored ?? error;
      }
      return `s3:${Key}`;
    },
    async get(key, { companyId }) {
      const Key = objectName(key, companyId);
      if (Key === null) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key, { companyId }) {
      const Key = objectName(key, companyId);
      if (Key !== null) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
