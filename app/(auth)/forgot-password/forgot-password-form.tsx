"use client";
import Link from "next/link";
import { useEffect, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { resetPasswordAction, sendCodeAction, verifyCodeAction } from "../actions";

const RESEND_SECONDS = 60;
/** The mailed code's length (lib/platform/password-reset.ts CODE_DIGITS; that module is server-only). */
const CODE_DIGITS = 10;
const PASSWORD_RULE =
  "At least 8 characters, with at least 1 uppercase, 1 lowercase, 1 digit and 1 special character from * & $ @ # ! + -";

function Field(props: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
  hint?: string;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.hint && !props.error && <p className="text-xs text-slate-500">{props.hint}</p>}
      {props.error && (
        <p id={`${props.id}-error`} role="alert" className="text-sm text-red-600">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function ForgotPasswordForm() {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [email, setEmail] = useState("");
  const [otp, setOtp] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [sent, setSent] = useState(false);
  const [pending, start] = useTransition();

  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  const show = (r: { ok: boolean; message?: string; fieldErrors?: Record<string, string> }) => {
    setErrors(r.ok ? {} : (r.fieldErrors ?? {}));
    setNotice(!r.ok && !r.fieldErrors ? (r.message ?? null) : null);
  };

  const sendCode = () =>
    start(async () => {
      const r = await sendCodeAction({ email });
      show(r);
      if (r.ok) {
        setSent(true);
        setCountdown(RESEND_SECONDS);
        setNotice(r.data.message);
      }
    });

  const verify = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      const r = await verifyCodeAction({ email, otp });
      show(r);
      if (r.ok) setStep(2);
    });
  };

  const reset = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      const r = await resetPasswordAction({ email, otp, password, soft_password: confirm });
      show(r);
      if (r.ok) setStep(3);
      else if (r.fieldErrors?.otp) setStep(1);
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-2xl">Forgot password</CardTitle>
        <CardDescription>
          {step === 1 && "Enter your email, send the verification code and type it below."}
          {step === 2 && "Choose a new password."}
          {step === 3 && "All done."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {notice && (
          <div
            role="status"
            className="mb-4 rounded-md border border-teal-200 bg-teal-50 px-3 py-2 text-sm text-teal-800"
          >
            {notice}
          </div>
        )}
        {step === 1 && (
          <form method="post" onSubmit={verify} className="space-y-4" noValidate>
            <Field id="email" label="Email" error={errors.email}>
              <div className="flex gap-2">
                <Input
                  id="email"
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  autoComplete="email"
                />
                <Button
                  type="button"
                  variant="outline"
                  onClick={sendCode}
                  disabled={pending || countdown > 0 || !email}
                >
                  {sent ? (countdown > 0 ? `Re-send (${countdown})` : "Re-send") : "Send Code"}
                </Button>
              </div>
            </Field>
            <Field id="otp" label="Verification code" error={errors.otp}>
              <Input
                id="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CODE_DIGITS}
                value={otp}
                onChange={(e) => setOtp(e.target.value)}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={pending || !otp}>
              Reset Password
            </Button>
          </form>
        )}
        {step === 2 && (
          <form method="post" onSubmit={reset} className="space-y-4" noValidate>
            <Field id="password" label="New password" error={errors.password} hint={PASSWORD_RULE}>
              <Input
                id="password"
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="new-password"
              />
            </Field>
            <Field id="soft_password" label="Confirm new password" error={errors.soft_password}>
              <Input
                id="soft_password"
                type="password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                autoComplete="new-password"
              />
              {confirm && !errors.soft_password && (
                <p className={`text-sm ${confirm === password ? "text-teal-700" : "text-red-600"}`}>
                  {confirm === password ? "Passwords match." : "Passwords do not match."}
                </p>
              )}
            </Field>
            <Button type="submit" className="w-full" disabled={pending}>
              Reset Password
            </Button>
          </form>
        )}
        {step === 3 && (
          <div className="space-y-4 text-center">
            <p className="text-teal-800">Your password has been changed successfully</p>
            <Button asChild className="w-full">
              <Link href="/login">Login</Link>
            </Button>
          </div>
        )}
        {step !== 3 && (
          <div className="mt-4 text-center text-sm">
            <Link href="/login" className="text-teal-700 hover:underline">
              Back to login
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
