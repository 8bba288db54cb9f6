// The super-admin console's operations, by group: branches, IP allow-lists, admin users and
// impersonation, usage, and resource limits.
export * from "./branches";
export * from "./ip-whitelist";
export * from "./resource-limits";
export * from "./usage";
export * from "./users";
