// The one formatter's (lib/format); kept under its old name for this folder's importers.
export { formatTimeOfDay as timeOfDay } from "@/lib/format";
