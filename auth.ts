import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authConfig } from "./auth.config";
import { checkCredentials } from "@/lib/platform/login";
import { AppError } from "@/lib/platform/errors";

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(credentials) {
        try {
          const { userId, sessionVersion } = await checkCredentials(credentials, "web", true);
          return { id: String(userId), sv: sessionVersion } as { id: string };
        } catch (e) {
          if (e instanceof AppError) throw new CredentialsSignin();
          throw e;
        }
      },
    }),
  ],
});
