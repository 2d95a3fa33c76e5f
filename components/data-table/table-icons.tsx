import { ArchiveRestore, Check, ChevronDown, Eye, Pencil, Trash2, X } from "lucide-react";

/** The row icons: drawn once per table in a hidden sprite, each row refers to them (`<use href="#…">`). */
const ICONS = {
  edit: Pencil,
  view: Eye,
  delete: Trash2,
  restore: ArchiveRestore,
  approve: Check,
  reject: X,
  more: ChevronDown,
} as const;
export type TableIconName = keyof typeof ICONS;
/** What a list table's rows use (the inbox's rows: approve and reject). */
const ROW_ICONS: TableIconName[] = ["edit", "view", "delete", "restore", "more"];

/** The sprite: one `<symbol>` per icon, rendered once by the table (a row's inline SVG was ~500 bytes each). */
export function TableIcons({ names = ROW_ICONS }: { names?: TableIconName[] }) {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      {names.map((name) => {
        const Icon = ICONS[name];
        return (
          <symbol key={name} id={`dt-i-${name}`} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        );
      })}
    </svg>
  );
}

/** An icon of the sprite, 16 px, in the current text colour. */
export function TableIcon({ name }: { name: TableIconName }) {
  return (
    <svg className="dt-i" aria-hidden>
      <use href={`#dt-i-${name}`} />
    </svg>
  );
}
