import type { ReactNode } from "react";
import type { Abilities } from "@/lib/platform/entity";
import type { FilterUi } from "@/lib/platform/list";
import { ListPage } from "./list-page";
import { ListToolbar, type ExportAction } from "./list-toolbar";

type Props = {
  /** The list's title ("Positions"); the trash view reads 'Deleted <title>'. */
  title: string;
  /** "Position": the create button reads 'Add Position'. */
  noun: string;
  /** The list's route: create opens `${href}/create`. */
  href: string;
  may: Abilities;
  trash: boolean;
  filters: FilterUi[];
  searchPlaceholder?: string;
  exportAction?: ExportAction;
  /** Extra controls beside the title. */
  actions?: ReactNode;
  /** A line under the title, above the toolbar: why the reader cannot act here (PlatformDataNote). */
  note?: ReactNode;
  children: ReactNode;
};

/** A list screen's frame from the screen kit: title, toolbar (search, filters, export, trash, create) and the table. */
export function EntityListPage({
  title,
  noun,
  href,
  may,
  trash,
  filters,
  searchPlaceholder,
  exportAction,
  actions,
  note,
  children,
}: Props) {
  return (
    <ListPage
      title={title}
      trash={trash}
      actions={actions}
      toolbar={
        <>
          {note}
          <ListToolbar
            searchPlaceholder={searchPlaceholder ?? "Search by name"}
            filters={filters}
            createHref={may.create ? `${href}/create` : undefined}
            createLabel={`Add ${noun}`}
            exportAction={may.export ? exportAction : undefined}
            trash={may.restore}
          />
        </>
      }
    >
      {children}
    </ListPage>
  );
}
