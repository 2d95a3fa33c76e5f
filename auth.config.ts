import type { NextAuthConfig } from "next-auth";

/** The part of the auth setup that needs no database: shared by the proxy and the server. */
export const authConfig = {
  session: { strategy: "jwt", maxAge: 60 * 60 * 12 },
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
