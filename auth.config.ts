import type { NextAuthConfig } from "next-auth";
import { rememberedDecode } from "./lib/platform/session-token";

/** The part of the auth setup that needs no database: shared by the proxy and the server. */
export const authConfig = {
  session: { strategy: "jwt", maxAge: 60 * 60 * 12 },
  // Auth.js's own decode, remembering a decrypted token until it expires: a page's render (and its /api calls) reuse
  // what the proxy decrypted for the same cookie (lib/platform/session-token.ts).
  jwt: { decode: rememberedDecode },
  pages: { signIn: "/login" },
  trustHost: true,
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        const u = user as { id?: string; sv?: number };
        token.uid = Number(u.id);
        token.sv = u.sv ?? 0;
        // Names this browser session (export links are bound to it): new at every sign-in.
        token.sid = crypto.randomUUID();
      }
      return token;
    },
    session({ session, token }) {
      const s = session as typeof session & { uid?: number; sv?: number; sid?: string };
      s.uid = token.uid as number;
      s.sv = token.sv as number;
      s.sid = token.sid as string | undefined;
      return s;
    },
  },
} satisfies NextAuthConfig;
