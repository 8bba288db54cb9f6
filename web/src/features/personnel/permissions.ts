import { permissionInfo } from "@shared/permission-labels.ts";
import type { Permission } from "./api";

// How the security screens name and group the employee permissions (ADMINISTRATIVE_SETUP grants all).

export { permissionInfo };

export const ALL_PERMISSIONS = Object.keys(permissionInfo) as Permission[];

export const actorTypeLabels = { PERSON: "Person", SECURITY_GROUP: "Group", API_KEYS: "API key" } as const;
