import net from "node:net";

/**
 * A small SMTP server for tests: speaks enough of RFC 5321 (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) for
 * nodemailer to deliver to it over a real socket, and keeps what it received.
 */
export async function startSmtp(): Promise<{
  port: number;
  mails: { to: string[]; data: string }[];
  close(): Promise<void>;
}> {
  const mails: { to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let to: string[] = [];
    let data = "";
    const reply = (s: string) => socket.write(`${s}\r\n`);
    reply("220 test-smtp ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let i: number;
      while ((i = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            mails.push({ to, data });
            to = [];
            data = "";
            reply("250 OK queued");
          } else data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === "EHLO") reply("250-test-smtp\r\n250 8BITMIME");
        else if (cmd === "HELO") reply("250 test-smtp");
        else if (cmd === "MAIL") reply("250 OK");
        else if (cmd === "RCPT") {
          to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, "$1"));
          reply("250 OK");
        } else if (cmd === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (cmd === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else reply("250 OK");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return { port, mails, close: () => new Promise((r) => server.close(() => r())) };
}
