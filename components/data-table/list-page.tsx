import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { ListLabel } from "./list-label";

type Props = {
  title: string;
  /** The trash view's title, e.g. 'Deleted Users' (spec 000 §2.7). */
  trashTitle?: string;
  trash?: boolean;
  toolbar?: ReactNode;
  /** Extra controls beside the title (e.g. an upload link). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * A list screen's card: the title (its 'Deleted ...' variant in the trash view), the toolbar, then the table, whose
 * scroll region takes the title as its name.
 */
export function ListPage({ title, trashTitle, trash = false, toolbar, actions, className, children }: Props) {
  const heading = trash ? (trashTitle ?? `Deleted ${title}`) : title;
  return (
    <section className={cn("min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm", className)}>
      <div className="flex flex-col gap-3 p-4 sm:px-6 sm:py-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold text-slate-900">{heading}</h1>
          {actions}
        </div>
        {toolbar}
      </div>
      <ListLabel label={heading}>{children}</ListLabel>
    </section>
  );
}
