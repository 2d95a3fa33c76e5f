import { describe, expect, it } from "vitest";
import { PASSWORD_RULE, hashPassword, passwordSchema, verifyPassword } from "@/lib/platform/passwords";

describe("password rule", () => {
  it("accepts a password with every class", () => {
    expect(passwordSchema.safeParse("Walkies#2026").success).toBe(true);
    expect(passwordSchema.safeParse("aB3+efgh").success).toBe(true);
  });
  it.each(["Short1!", "alllower1!", "ALLUPPER1!", "NoDigits!!", "NoSpecial12", "Bad%Char12"])(
    "refuses %s with the rule's text",
    (p) => {
      const r = passwordSchema.safeParse(p);
      expect(r.success).toBe(false);
      expect(r.error!.issues[0].message).toBe(PASSWORD_RULE);
    },
  );
});

describe("argon2id hashes", () => {
  it("verify the right password only", async () => {
    const h = await hashPassword("Walkies#2026");
    expect(h.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(h, "Walkies#2026")).toBe(true);
    expect(await verifyPassword(h, "walkies#2026")).toBe(false);
    expect(await verifyPassword(null, "Walkies#2026")).toBe(false);
  });
});
