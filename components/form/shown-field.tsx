import Link from "next/link";

/** A read-only value in a form's grid (what a record is for, fixed once made): its label, the text or a link, or —. */
export function ShownField({
  label,
  text,
  href,
}: {
  label: string;
  /** A string, or a time with its IST mark (withIst). */
  text: React.ReactNode;
  href?: string | null;
}) {
  return (
    <div className="grid gap-1">
      <span className="text-sm font-medium">{label}</span>
      {href && text ? (
        <Link className="text-sm underline underline-offset-4" href={href}>
          {text}
        </Link>
      ) : (
        <span className="text-sm">{text || "—"}</span>
      )}
    </div>
  );
}
