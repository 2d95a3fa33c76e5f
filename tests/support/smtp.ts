/** A small SMTP server for tests (scripts/smtp-sink.mjs): nodemailer delivers to it over a real socket. */
export { startSmtp } from "../../scripts/smtp-sink.mjs";
