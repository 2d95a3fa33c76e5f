import Link from "next/link";
import { Info } from "lucide-react";

/**
 * Why a screen offers no Add, Edit or Delete to its reader (issue 26): the records are the platform's, the same for
 * every company, and only the super admin changes them. `offer` names what the reader can do instead, with its link.
 */
export function PlatformDataNote({
  records,
  offer,
}: {
  /** The records, plural and capitalised: "Modules". */
  records: string;
  offer?: { text: string; href: string; link: string } | null;
}) {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {records} are platform data, the same for every company, and managed by the super admin: you can see
        them here, not add, change or delete them.
        {offer ? (
          <>
            {" "}
            {offer.text}{" "}
            <Link className="font-medium underline underline-offset-4" href={offer.href}>
              {offer.link}
            </Link>
            .
          </>
        ) : null}
      </span>
    </p>
  );
}

/** What the ADMIN does with permissions instead (spec 000 §2.10: a position holds permissions). */
export const GRANT_IN_POSITIONS = {
  text: "To give your staff a permission, grant it to their position in",
  href: "/positions",
  link: "Positions",
};
