/* Rows, header and body cells carry one short class each (app/globals.css `.ui-*`): lists render many of them. */
import * as React from "react";

import { cn } from "@/lib/utils";

/** `container` goes to the scrolling wrapper (a list makes it its keyboard-reachable scroll region). */
function Table({
  className,
  container,
  ...props
}: React.ComponentProps<"table"> & {
  container?: React.ComponentProps<"div"> & { [data: `data-${string}`]: string | boolean | undefined };
}) {
  const { className: containerClass, ...containerProps } = container ?? {};
  return (
    <div
      data-slot="table-container"
      className={cn("relative w-full overflow-x-auto", containerClass)}
      {...containerProps}
    >
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={className} {...props} />;
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={className} {...props} />;
}

function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn("bg-muted/50 border-t font-medium [&>tr]:last:border-b-0", className)}
      {...props}
    />
  );
}

function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("ui-tr", className)} {...props} />;
}

function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return <th className={cn("ui-th", className)} {...props} />;
}

function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("ui-td", className)} {...props} />;
}

function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn("text-muted-foreground mt-4 text-sm", className)}
      {...props}
    />
  );
}

export { Table, TableHeader, TableBody, TableFooter, TableHead, TableRow, TableCell, TableCaption };
