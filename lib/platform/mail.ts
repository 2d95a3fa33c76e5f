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
 * Sends a mail: every mail is written to the outbox first. With SMTP configured it is delivered after the caller
 * has its answer (so a slow mail server neither delays nor times the request); once delivered, its body is
 * removed from the outbox (reset codes must not sit in a table), and a failure keeps the body and the error for
 * an operator. Without SMTP the outbox is the mailbox: it holds live reset codes (README, "Security"); the server
 * log names the mail, never its body.
 */
export async function sendMail(m: Mail): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null })
    .returning({ id: mailOutbox.id });
  const t = await transport();
  if (!t) {
    if (process.env.NODE_ENV !== "test") console.info(`[mail] to ${m.to}: ${m.subject} (outbox #${row.id})`);
    return;
  }
  const delivery = deliver(t, m, row.id);
  if (process.env.NODE_ENV === "test") await delivery;
}

async function deliver(t: Transport, m: Mail, id: number): Promise<void> {
  const db = await getDb();
  try {
    await t.sendMail({ ...m, from: process.env.MAIL_FROM ?? "Pet Services Portal <no-reply@localhost>" });
    await db
      .update(mailOutbox)
      .set({ sent_at: new Date(), text: DELIVERED, html: null })
      .where(eq(mailOutbox.id, id));
  } catch (e) {
    console.error(`[mail] delivery to ${m.to} failed`, e);
    await db
      .update(mailOutbox)
      .set({ error: String((e as Error).message ?? e) })
      .where(eq(mailOutbox.id, id))
      .catch(() => undefined);
  }
}

/** What a delivered mail's body becomes in the outbox. */
export const DELIVERED = "(delivered; the body is not kept)";

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
