/** STORAGE and the S3 settings are checked as a whole at start: every problem named, nothing guessed. */
import { describe, expect, it } from "vitest";
import { storageSettings } from "../../src/server/files/settings.js";

const s3 = { STORAGE: "s3", S3_BUCKET: "docs", S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };

describe("storageSettings", () => {
  it("keeps files in the database unless told otherwise", () => {
    expect(storageSettings({})).toEqual({ storage: "db" });
  });

  it("reads a complete S3 configuration, AWS's endpoint when none is given", () => {
    expect(storageSettings(s3)).toEqual({
      storage: "s3",
      s3: { bucket: "docs", region: "eu-west-1", endpoint: undefined, accessKeyId: "key", secretAccessKey: "secret", forcePathStyle: false },
    });
    expect(storageSettings({ ...s3, S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "TRUE" })).toMatchObject({ s3: { endpoint: "http://minio:9000", forcePathStyle: true } });
  });

  it("refuses to start with every problem named", () => {
    expect(() => storageSettings({ STORAGE: "s3", S3_REGION: "eu-west-1", S3_ENDPOINT: "ftp://x", S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      "STORAGE=s3 cannot start: S3_BUCKET is not set; S3_ACCESS_KEY_ID is not set; S3_SECRET_ACCESS_KEY is not set; " +
      "S3_ENDPOINT must be an http:// or https:// address (got ftp://x); S3_FORCE_PATH_STYLE must be true or false (got yes)");
    expect(() => storageSettings({ STORAGE: "disk" })).toThrow("STORAGE=disk is not supported");
  });
});
