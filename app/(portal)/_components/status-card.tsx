import { cn } from "@/lib/utils";

type Props = {
  /** A lucide icon, shown in a tinted circle above the title. */
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  /** Buttons or links under the text. */
  actions?: React.ReactNode;
  tone?: "teal" | "amber" | "red" | "slate";
  /** alert for a refusal or a failure, so screen readers announce it; status for a neutral state. */
  role?: "alert" | "status";
  className?: string;
};

const TONES: Record<NonNullable<Props["tone"]>, string> = {
  teal: "bg-teal-50 text-teal-700",
  amber: "bg-amber-50 text-amber-700",
  red: "bg-red-50 text-red-700",
  slate: "bg-slate-100 text-slate-600",
};

/** The portal's state card (not found, access denied, choose a company, retry): one look for every boundary. */
export function StatusCard({ icon, title, children, actions, tone = "teal", role, className }: Props) {
  return (
    <section
      role={role}
      className={cn(
        "mx-auto mt-4 flex max-w-xl flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:mt-10 sm:px-10",
        className,
      )}
    >
      <span
        className={cn("flex size-14 items-center justify-center rounded-full [&_svg]:size-7", TONES[tone])}
        aria-hidden
      >
        {icon}
      </span>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <div className="max-w-md text-sm text-slate-600">{children}</div>
      {actions ? (
        <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{actions}</div>
      ) : null}
    </section>
  );
}
