#!/usr/bin/env node
// Browser tests drive Debian's chromium (Playwright's own download cannot work on these machines).
// Installs it with apt-get when missing; prints the path Playwright should launch.
import { execSync } from "node:child_process";
import fs from "node:fs";

const BIN = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(BIN)) {
  console.log("[e2e] chromium missing: installing Debian's chromium and fonts-liberation...");
  const sudo = process.getuid && process.getuid() !== 0 ? "sudo " : "";
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation`,
    {
      stdio: "inherit",
    },
  );
}
if (!fs.existsSync(BIN)) {
  console.error(`[e2e] ${BIN} is still missing`);
  process.exit(1);
}
console.log(`[e2e] using ${BIN}`);
