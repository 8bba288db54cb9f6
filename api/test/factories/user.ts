import { randomBytes } from "node:crypto";
import { hashPassword } from "../../src/auth/password.ts";
import type { PrismaClient } from "../../src/generated/prisma/client.ts";
import type { EmployeePermission } from "../../src/generated/prisma/enums.ts";

export const DEFAULT_PASSWORD = "secret-pass";

// One hash per distinct password per test process (at the work factor the preload sets).
const hashCache = new Map<string, Promise<string>>();
const hash = (password: string) => {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
};

export type UserOptions = {
  email?: string;
  password?: string;
  superAdmin?: boolean;
  /** A person of the branch (an employee) signs in with this user. */
  employee?: boolean;
  /** Grants held by the person (makes the user an employee). */
  permissions?: EmployeePermission[];
};

/** A verified user of the branch, with its password; an employee (person + grants) when asked. */
export async function makeUser(prisma: PrismaClient, branchId: string, opts: UserOptions = {}) {
  const email = opts.email ?? `u${randomBytes(4).toString("hex")}@test.example`;
  const password = opts.password ?? DEFAULT_PASSWORD;
  let personId: string | undefined;
  if (opts.employee || opts.permissions) {
    const person = await prisma.person.create({ data: { branchId, firstName: "Emp", lastName: "Loyee", email } });
    personId = person.id;
    if (opts.permissions?.length)
      await prisma.permissionGrant.createMany({
        data: opts.permissions.map((permission) => ({
          branchId,
          actorType: "PERSON" as const,
          actorId: person.id,
          permission,
        })),
      });
  }
  const user = await prisma.user.create({
    data: {
      branchId,
      email,
      firstName: "Test",
      lastName: "User",
      passwordHash: await hash(password),
      verifiedEmail: true,
      isSuperAdmin: opts.superAdmin ?? false,
      personId,
    },
  });
  return { ...user, password };
}
