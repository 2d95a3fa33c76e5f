import { ShieldAlert } from "lucide-react";

/** Shown in place of a screen the login may not open (spec 000 §8, access warning). */
export function AccessDenied() {
  return (
    <div
      role="alert"
      className="mx-auto mt-10 max-w-lg rounded-lg border border-amber-200 bg-amber-50 p-6 text-amber-900"
    >
      <div className="mb-2 flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-5" /> Warning
      </div>
      <p>
        you are trying to access content that are not accessable through your login. kindly ask your admin
        regarding same.
      </p>
    </div>
  );
}
