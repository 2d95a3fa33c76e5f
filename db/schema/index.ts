// Everything imports tables from "@/db/schema": one file per area, exported here under the same names.
export * from "./platform";
export * from "./admin";
export * from "./franchise";
export * from "./operations";
export * from "./jobs";
