import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import { apiTokens } from "@/db/schema";
import { getDb, type Executor } from "./db";

/** Bearer tokens live this long; logout and password change revoke them earlier. */
export const API_TOKEN_TTL_DAYS = 30;

/** What is stored of a token: its SHA-256. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A short, non-secret key for a token (rate limits, export links): a prefix of its stored hash. */
export const tokenKey = (token: string) => tokenHash(token).slice(0, 24);

/** Issues a random bearer token; only its hash is stored. */
export async function issueApiToken(userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.insert(apiTokens).values({
    user_id: userId,
    token_hash: tokenHash(token),
    expires_at: new Date(Date.now() + API_TOKEN_TTL_DAYS * 86_400_000),
  });
  return token;
}

export async function revokeApiToken(token: string): Promise<void> {
  const db = await getDb();
  await db
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(eq(apiTokens.token_hash, tokenHash(token)));
}

/** Revokes every token of a user (password change, deactivation, delete), inside the change's transaction if given. */
export async function revokeAllApiTokens(userId: number, db?: Executor): Promise<void> {
  await (db ?? (await getDb()))
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at)));
}

/** Revokes every token of a user but one (an /api password change keeps the token that made it). */
export async function revokeOtherApiTokens(userId: number, keepToken: string, db?: Executor): Promise<void> {
  await (db ?? (await getDb()))
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(apiTokens.user_id, userId),
        isNull(apiTokens.revoked_at),
        ne(apiTokens.token_hash, tokenHash(keepToken)),
      ),
    );
}
