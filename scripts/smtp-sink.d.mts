export type SinkMail = { to: string[]; data: string };
export function startSmtp(o?: { onMail?: (mail: SinkMail) => void; port?: number }): Promise<{
  port: number;
  mails: SinkMail[];
  close(): Promise<void>;
}>;
