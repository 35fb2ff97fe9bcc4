/**
 * The file store's settings, read from the environment and checked as a whole, so that a server
 * started with STORAGE=s3 and a missing or malformed setting stops at once with every problem
 * named (docs/operations.md "File storage"), rather than failing at the first upload.
 */
export interface S3Settings {
  bucket: string;
  region: string;
  /** unset: AWS's own endpoint for the region */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key), as most self-hosted S3-compatible servers need */
  forcePathStyle: boolean;
}

export type StorageSettings = { storage: "db" } | { storage: "s3"; s3: S3Settings };

type Env = Readonly<Record<string, string | undefined>>;

const required = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

function endpointProblem(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? null : `S3_ENDPOINT must be an http:// or https:// address (got ${value})`;
  } catch {
    return `S3_ENDPOINT must be an http:// or https:// address (got ${value})`;
  }
}

export function storageSettings(env: Env = process.env): StorageSettings {
  const storage = env.STORAGE || "db";
  if (storage === "db") return { storage };
  if (storage !== "s3") throw new Error(`STORAGE=${storage} is not supported: use STORAGE=db (files in the database, the default) or STORAGE=s3`);

  const problems = required.filter((name) => !env[name]?.trim()).map((name) => `${name} is not set`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const endpointError = endpoint && endpointProblem(endpoint);
  if (endpointError) problems.push(endpointError);
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase() || "false";
  if (pathStyle !== "true" && pathStyle !== "false") problems.push(`S3_FORCE_PATH_STYLE must be true or false (got ${pathStyle})`);
  if (problems.length) throw new Error(`STORAGE=s3 cannot start: ${problems.join("; ")}`);

  return {
    storage,
    s3: {
      bucket: env.S3_BUCKET!.trim(), region: env.S3_REGION!.trim(), endpoint,
      accessKeyId: env.S3_ACCESS_KEY_ID!.trim(), secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: pathStyle === "true",
    },
  };
}
