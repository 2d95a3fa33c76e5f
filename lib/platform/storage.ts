import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDir } from "./config";

/** A stored object: its bytes and type. */
export type StoredObject = { body: Buffer; contentType: string };

/** Where uploaded files live. Keys are relative paths ("companies/3/logo-ab12.png"), never user input. */
export interface Storage {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /**
   * Every stored object with when it was written, for the orphan sweep (lib/platform/file-sweep.ts). A driver that
   * cannot list (Uploadthing) has none, and its orphans are not swept.
   */
  list?(): AsyncIterable<ListedObject>;
}

/** An object as a listing sees it. */
export type ListedObject = { key: string; modifiedAt: Date };

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/;

/** Refuses keys that could leave the storage root. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split("/").some((p) => p === ".." || p === "." || p === "")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** Local disk under DATA_DIR/files; the content type is kept in a sidecar file. The embedded default. */
export class LocalStorage implements Storage {
  readonly name = "local";
  constructor(private readonly root: string = path.join(dataDir(), "files")) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer, contentType: string) {
    const f = this.file(key);
    await fs.mkdir(path.dirname(f), { recursive: true });
    await fs.writeFile(f, body);
    await fs.writeFile(`${f}.type`, contentType);
  }

  async get(key: string): Promise<StoredObject | null> {
    const f = this.file(key);
    try {
      const [body, contentType] = await Promise.all([fs.readFile(f), fs.readFile(`${f}.type`, "utf8")]);
      return { body, contentType };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }

  async delete(key: string) {
    const f = this.file(key);
    await fs.rm(f, { force: true });
    await fs.rm(`${f}.type`, { force: true });
  }

  async *list(): AsyncIterable<ListedObject> {
    const walk = async function* (dir: string, prefix: string): AsyncIterable<ListedObject> {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
        throw e;
      }
      for (const d of entries) {
        const key = prefix ? `${prefix}/${d.name}` : d.name;
        if (d.isDirectory()) yield* walk(path.join(dir, d.name), key);
        // The content type's sidecar goes with its object.
        else if (d.isFile() && !d.name.endsWith(".type")) {
          const st = await fs.stat(path.join(dir, d.name)).catch(() => null);
          if (st) yield { key, modifiedAt: st.mtime };
        }
      }
    };
    yield* walk(this.root, "");
  }
}

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

/** Any S3-compatible object store: the driver for several instances behind a load balancer. */
export class S3Storage implements Storage {
  readonly name = "s3";
  private client?: Promise<import("@aws-sdk/client-s3").S3Client>;
  constructor(private readonly s: S3Settings) {}

  private async s3() {
    this.client ??= import("@aws-sdk/client-s3").then(
      ({ S3Client }) =>
        new S3Client({
          region: this.s.region ?? "us-east-1",
          endpoint: this.s.endpoint,
          forcePathStyle: this.s.forcePathStyle ?? !!this.s.endpoint,
          credentials:
            this.s.accessKeyId && this.s.secretAccessKey
              ? { accessKeyId: this.s.accessKeyId, secretAccessKey: this.s.secretAccessKey }
              : undefined,
        }),
    );
    return this.client;
  }

  async put(key: string, body: Buffer, contentType: string) {
    assertSafeKey(key);
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    await (
      await this.s3()
    ).send(new PutObjectCommand({ Bucket: this.s.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    const { GetObjectCommand } = await import("@aws-sdk/client-s3");
    try {
      const r = await (await this.s3()).send(new GetObjectCommand({ Bucket: this.s.bucket, Key: key }));
      const bytes = await r.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: r.ContentType ?? "application/octet-stream" };
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name === "NoSuchKey" || name === "NotFound") return null;
      throw e;
    }
  }

  async delete(key: string) {
    assertSafeKey(key);
    const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
    await (await this.s3()).send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: key }));
  }

  async *list(): AsyncIterable<ListedObject> {
    const { ListObjectsV2Command } = await import("@aws-sdk/client-s3");
    const s3 = await this.s3();
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: this.s.bucket, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date() };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The HTTP calls the Uploadthing driver makes; injected so tests can stand in for Uploadthing's cloud. */
export type UploadthingTransport = {
  upload(key: string, body: Buffer, contentType: string): Promise<{ url: string }>;
  download(url: string): Promise<Response>;
  remove(key: string): Promise<void>;
};

/**
 * Uploadthing (optional): bytes go to Uploadthing's cloud, which these machines cannot reach. The driver keeps
 * Uploadthing's URL per key in memory only for the process's lifetime; the stored_files row is the durable record.
 */
export class UploadthingStorage implements Storage {
  readonly name = "uploadthing";
  private urls = new Map<string, string>();
  constructor(private readonly transport: UploadthingTransport) {}

  async put(key: string, body: Buffer, contentType: string) {
    assertSafeKey(key);
    const { url } = await this.transport.upload(key, body, contentType);
    this.urls.set(key, url);
  }

  async get(key: string): Promise<StoredObject | null> {
    const url = this.urls.get(key);
    if (!url) return null;
    const r = await this.transport.download(url);
    if (!r.ok) return null;
    return {
      body: Buffer.from(await r.arrayBuffer()),
      contentType: r.headers.get("content-type") ?? "application/octet-stream",
    };
  }

  async delete(key: string) {
    await this.transport.remove(key);
    this.urls.delete(key);
  }
}

/** Uploadthing's REST API over fetch (UPLOADTHING_TOKEN). */
function uploadthingFetchTransport(token: string): UploadthingTransport {
  const { apiKey } = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as { apiKey: string };
  const headers = { "x-uploadthing-api-key": apiKey };
  return {
    async upload(key, body, contentType) {
      const form = new FormData();
      form.append("files", new Blob([new Uint8Array(body)], { type: contentType }), key.split("/").pop());
      const r = await fetch("https://api.uploadthing.com/v6/uploadFiles", {
        method: "POST",
        headers,
        body: form,
      });
      if (!r.ok) throw new Error(`Uploadthing upload failed: ${r.status}`);
      const j = (await r.json()) as { data: { url: string }[] };
      return { url: j.data[0].url };
    },
    download: (url) => fetch(url),
    async remove(key) {
      await fetch("https://api.uploadthing.com/v6/deleteFiles", {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ fileKeys: [key] }),
      });
    },
  };
}

const g = globalThis as unknown as { __portalStorage?: Storage };

/** The process's storage, chosen by configuration: S3 when S3_BUCKET is set, Uploadthing with UPLOADTHING_TOKEN, else local disk. */
export function getStorage(): Storage {
  if (g.__portalStorage) return g.__portalStorage;
  const env = process.env;
  if (env.S3_BUCKET) {
    g.__portalStorage = new S3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === "true" : undefined,
    });
  } else if (env.UPLOADTHING_TOKEN) {
    g.__portalStorage = new UploadthingStorage(uploadthingFetchTransport(env.UPLOADTHING_TOKEN));
  } else {
    g.__portalStorage = new LocalStorage();
  }
  return g.__portalStorage;
}
