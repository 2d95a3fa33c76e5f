export { CellText } from "./cell-text";
export { DataTable } from "./data-table";
export { ListPage } from "./list-page";
export { ListToolbar, type ExportAction, type FilterDef } from "./list-toolbar";
export { ALL_ROWS_VALUE, PAGE_SIZE_OPTIONS } from "./page-sizes";
export { Pagination } from "./pagination";
export { RowActions } from "./row-actions";
export { StatusChip } from "./status-chip";
export { useListUrl } from "./url-state";
