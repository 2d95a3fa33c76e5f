export * from "./platform";
export * from "./admin";
