#!/usr/bin/env node
// postinstall: drizzle-orm's `is(value, type)` (its instanceof for entities that may come from another copy of
// drizzle) walks the value's whole class chain on every miss, and building one statement asks it hundreds of times
// (each SQL chunk against StringChunk, SQL, Name, Column, Param, ...): 0.35 ms of CPU per /api list request, the
// most of any single function of the portal's own stack (issue 23's profile). Patched: the entity kinds of a class
// chain are gathered once per class (a WeakMap), and a miss is one Set lookup. Same answers: a class's kinds are
// static fields set when it is declared. Idempotent; a drizzle whose code differs is left alone, said so.
import fs from "node:fs";
import path from "node:path";

const ORIGINAL = `  let cls = Object.getPrototypeOf(value).constructor;
  if (cls) {
    while (cls) {
      if (entityKind in cls && cls[entityKind] === type[entityKind]) {
        return true;
      }
      cls = Object.getPrototypeOf(cls);
    }
  }
  return false;
}`;
const PATCHED = `  const cls = Object.getPrototypeOf(value).constructor;
  return !!cls && kindsOfClass(cls).has(type[entityKind]);
}
/* patch-drizzle: the entity kinds of a class and its parents, gathered once per class. */
const kindsByClass = new WeakMap();
function kindsOfClass(cls) {
  let kinds = kindsByClass.get(cls);
  if (!kinds) {
    kinds = new Set();
    for (let c = cls; c; c = Object.getPrototypeOf(c)) if (entityKind in c) kinds.add(c[entityKind]);
    if (typeof cls === "function" || typeof cls === "object") kindsByClass.set(cls, kinds);
  }
  return kinds;
}`;

const root = path.resolve(import.meta.dirname, "..", "node_modules", "drizzle-orm");
for (const file of ["entity.js", "entity.cjs"]) {
  const at = path.join(root, file);
  if (!fs.existsSync(at)) continue;
  const text = fs.readFileSync(at, "utf8");
  const name = path.relative(path.resolve(import.meta.dirname, ".."), at);
  if (text.includes("patch-drizzle:")) console.log(`[patch-drizzle] ${name}: already patched`);
  else if (!text.includes(ORIGINAL)) console.log(`[patch-drizzle] ${name}: code differs, left alone`);
  else {
    fs.writeFileSync(at, text.replace(ORIGINAL, PATCHED));
    console.log(`[patch-drizzle] ${name}: is() patched`);
  }
}
