import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { mailOutbox } from "@/db/schema";
import { getDb } from "./db";

export type Mail = { to: string; subject: string; text: string; html?: string };

type Transport = { sendMail(m: Mail & { from: string }): Promise<unknown> };
const g = globalThis as unknown as { __portalMailer?: Promise<Transport | null> };

/** SMTP when SMTP_HOST is set, otherwise none (the outbox and the server log carry the mail). */
function transport(): Promise<Transport | null> {
  g.__portalMailer ??= (async () => {
    const env = process.env;
    if (!env.SMTP_HOST) return null;
    const { default: nodemailer } = await import("nodemailer");
    const port = Number(env.SMTP_PORT ?? 587);
    return nodemailer.createTransport({
      host: env.SMTP_HOST,
      port,
      secure: env.SMTP_SECURE ? env.SMTP_SECURE === "true" : port === 465,
      auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? "" } : undefined,
    });
  })();
  return g.__portalMailer;
}

/**
 * Sends a mail: every mail is written to the outbox first; with SMTP configured it is delivered and marked sent
 * (or its error kept), without SMTP the server log shows it. A delivery failure never fails the caller's request.
 */
export async function sendMail(m: Mail): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null })
    .returning({ id: mailOutbox.id });
  const t = await transport();
  if (!t) {
    if (process.env.NODE_ENV !== "test") console.info(`[mail] to ${m.to}: ${m.subject}\n${m.text}`);
    return;
  }
  try {
    await t.sendMail({ ...m, from: process.env.MAIL_FROM ?? "Pet Services Portal <no-reply@localhost>" });
    await db.update(mailOutbox).set({ sent_at: new Date() }).where(eq(mailOutbox.id, row.id));
  } catch (e) {
    console.error(`[mail] delivery to ${m.to} failed`, e);
    await db
      .update(mailOutbox)
      .set({ error: String((e as Error).message ?? e) })
      .where(eq(mailOutbox.id, row.id));
  }
}

/** The newest mail to an address (tests and operators reading the outbox). */
export async function latestMailTo(to: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row ?? null;
}
