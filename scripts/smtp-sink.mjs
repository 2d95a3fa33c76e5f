// A small SMTP server: speaks enough of RFC 5321 (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) for nodemailer to
// deliver to it over a real socket, and keeps what it received. The integration tests use it (tests/support/smtp.ts)
// and the browser tests' server (scripts/e2e-server.mjs), which writes each mail to a folder the tests read.
import net from "node:net";

/** @param {{ onMail?: (mail: { to: string[]; data: string }) => void, port?: number }} [o] */
export async function startSmtp(o = {}) {
  /** @type {{ to: string[]; data: string }[]} */
  const mails = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    /** @type {string[]} */
    let to = [];
    let data = "";
    const reply = (s) => socket.write(`${s}\r\n`);
    reply("220 test-smtp ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let i;
      while ((i = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            const mail = { to, data };
            mails.push(mail);
            o.onMail?.(mail);
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
  await new Promise((r) => server.listen(o.port ?? 0, "127.0.0.1", () => r(undefined)));
  const port = /** @type {net.AddressInfo} */ (server.address()).port;
  return { port, mails, close: () => new Promise((r) => server.close(() => r(undefined))) };
}
