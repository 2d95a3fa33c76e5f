import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authConfig } from "./auth.config";
import { checkCredentials } from "@/lib/platform/login";
import { AppError } from "@/lib/platform/errors";
import { clientAddressOf } from "@/lib/platform/client-address";
import { TooManyRequests } from "@/lib/platform/rate-limit";

/** A refused sign-in that must say so: too many attempts, with the seconds to wait (the login action shows it). */
export class SignInThrottled extends CredentialsSignin {
  code = "throttled";
  constructor(public readonly retryAfter: number) {
    super();
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  // A refused sign-in is an answer, not a server error: the log keeps real errors only.
  logger: {
    error(e) {
      if (e instanceof CredentialsSignin) return;
      console.error("[auth]", e);
    },
  },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(credentials, request) {
        try {
          const address = clientAddressOf(request.headers);
          const { userId, sessionVersion } = await checkCredentials(credentials, "web", true, address);
          return { id: String(userId), sv: sessionVersion } as { id: string };
        } catch (e) {
          if (e instanceof TooManyRequests) throw new SignInThrottled(e.retryAfter);
          if (e instanceof AppError) throw new CredentialsSignin();
          throw e;
        }
      },
    }),
  ],
});
