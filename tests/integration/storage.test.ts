import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LocalStorage,
  S3Storage,
  UploadthingStorage,
  type Storage,
  type UploadthingTransport,
} from "@/lib/platform/storage";

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

/** What every driver must do: keep bytes and type by key, answer null for a missing key, forget deleted keys. */
async function contract(s: Storage) {
  await s.put("companies/1/logo-abc.png", png, "image/png");
  const got = await s.get("companies/1/logo-abc.png");
  expect(got?.contentType).toBe("image/png");
  expect(Buffer.compare(got!.body, png)).toBe(0);
  expect(await s.get("companies/1/missing.png")).toBeNull();
  await s.delete("companies/1/logo-abc.png");
  expect(await s.get("companies/1/logo-abc.png")).toBeNull();
  await expect(s.put("../escape.png", png, "image/png")).rejects.toThrow(/Unsafe/);
}

describe("storage drivers", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
  let s3: S3rver;
  let endpoint: string;

  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: path.join(dir, "s3"),
      configureBuckets: [{ name: "portal", configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("local disk keeps files under its root and refuses keys that leave it", async () => {
    await contract(new LocalStorage(path.join(dir, "files")));
    expect(fs.existsSync(path.join(dir, "escape.png"))).toBe(false);
  });

  it("S3 stores in a real S3-compatible server on loopback", async () => {
    await contract(
      new S3Storage({
        bucket: "portal",
        endpoint,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
    );
  });

  it("Uploadthing sends bytes through its transport and reads them back by the returned URL", async () => {
    // Uploadthing's cloud cannot be reached from here: a transport stands in for its HTTP API.
    const cloud = new Map<string, { body: Buffer; type: string }>();
    const transport: UploadthingTransport = {
      async upload(key, body, type) {
        cloud.set(`https://utfs.test/${key}`, { body, type });
        return { url: `https://utfs.test/${key}` };
      },
      async download(url) {
        const f = cloud.get(url);
        return f
          ? new Response(new Uint8Array(f.body), { headers: { "content-type": f.type } })
          : new Response(null, { status: 404 });
      },
      async remove(key) {
        cloud.delete(`https://utfs.test/${key}`);
      },
    };
    await contract(new UploadthingStorage(transport));
    expect(cloud.size).toBe(0);
  });
});
