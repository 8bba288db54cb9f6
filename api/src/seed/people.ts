import type { Prisma } from "../generated/prisma/client.ts";
import { type Rows, uuid } from "./rows.ts";

// Employees (persons), sign-in users and permission grants of the demo branches.

export type PersonSpec = { firstName: string; lastName: string; jobTitle: string; email?: string };

export function addPerson(rows: Rows, branchId: string, p: PersonSpec, emailDomain: string): string {
  const id = uuid();
  rows.persons.push({
    id,
    branchId,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email ?? `${p.firstName}.${p.lastName}@${emailDomain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ""),
    jobTitle: p.jobTitle,
    etaReminders: p.jobTitle.includes("Driver"),
    createdAt: new Date("2024-01-08T15:00:00Z"),
  });
  return id;
}

export function addUser(
  rows: Rows,
  branchId: string,
  passwordHash: string,
  u: { email: string; firstName: string; lastName: string; personId?: string; isSuperAdmin?: boolean },
): string {
  const id = uuid();
  rows.users.push({
    id,
    branchId,
    email: u.email.toLowerCase(),
    firstName: u.firstName,
    lastName: u.lastName,
    passwordHash,
    verifiedEmail: true,
    isSuperAdmin: u.isSuperAdmin ?? false,
    personId: u.personId ?? null,
    createdAt: new Date("2025-01-15T16:00:00Z"),
  });
  return id;
}

export function grant(
  rows: Rows,
  branchId: string,
  actorType: "PERSON" | "SECURITY_GROUP",
  actorId: string,
  permissions: string[],
) {
  for (const permission of permissions) {
    rows.grants.push({
      id: uuid(),
      branchId,
      actorType,
      actorId,
      permission: permission as Prisma.PermissionGrantCreateManyInput["permission"],
      createdAt: new Date("2025-01-15T16:00:00Z"),
    });
  }
}
