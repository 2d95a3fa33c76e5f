import { ArchiveRestore, Pencil, Trash2 } from "lucide-react";

/** The row icons: drawn once per table in a hidden sprite, each row refers to them (`<use href="#…">`). */
const ICONS = { edit: Pencil, delete: Trash2, restore: ArchiveRestore } as const;
export type TableIconName = keyof typeof ICONS;

/** The sprite: one `<symbol>` per icon, rendered once by the table (a row's inline SVG was ~500 bytes each). */
export function TableIcons() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      {Object.entries(ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`dt-i-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
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
