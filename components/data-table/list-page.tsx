import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

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

/** A list screen's card: the title (its 'Deleted ...' variant in the trash view), the toolbar, then the table. */
export function ListPage({ title, trashTitle, trash = false, toolbar, actions, className, children }: Props) {
  const heading = trash ? (trashTitle ?? `Deleted ${title}`) : title;
  return (
    <section className={cn("min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm", className)}>
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold text-slate-900">{heading}</h1>
          {actions}
        </div>
        {toolbar}
      </div>
      {children}
    </section>
  );
}
