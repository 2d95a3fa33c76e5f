export { CellText } from "./cell-text";
export { DataTable } from "./data-table";
export { ListPage } from "./list-page";
export { ListToolbar, type ExportAction, type FilterDef } from "./list-toolbar";
export { ALL_ROWS_VALUE, PAGE_SIZE_OPTIONS } from "./page-sizes";
export { Pagination } from "./pagination";
export { RowActions, type RowLink } from "./row-actions";
export { Chip, StatusChip } from "./status-chip";
export { useListUrl } from "./url-state";
export { STATUS_FILTER } from "./filters";
export {
  actionColumn,
  dateColumn,
  fitted,
  rowActionsOf,
  statusColumn,
  textColumn,
  type ColumnFit,
  type RowActionOptions,
} from "./columns";
export { SubTable } from "./sub-table";
export { EntityTable, type EntityTableProps } from "./entity-table";
export { SortHeader, sortable } from "./sort-header";
export { EntityListPage } from "./entity-list-page";
export { ZONE_UPDATED, ZoneCell } from "./zone-cell";
