import type { PrismaClient } from "../../src/generated/prisma/client.ts";
import type { FunnelPosition, RecordStatus } from "../../src/generated/prisma/enums.ts";

// Workflow records: a project with its steps, a thread, and activities (many at once, for the
// statement-count tests). Written straight to the database; unique names by default.

export type StepOptions = {
  description?: string;
  sortLevel?: number;
  noAutoResolve?: boolean;
  defaultPersonId?: string | null;
  defaultZoneRoleId?: string | null;
  funnelPosition?: FunnelPosition;
  inactive?: boolean;
};

export type ProjectOptions = {
  description?: string;
  allowOrphans?: boolean;
  defaultPersonId?: string | null;
  /** Default: three steps "First call" (10), "Quote" (20), "Installed" (30). */
  steps?: StepOptions[];
};

const unique = () => crypto.randomUUID().slice(0, 8);

export function workflowFactories(prisma: PrismaClient) {
  return {
    /** A project and its steps (in the order given). */
    async project(branchId: string, opts: ProjectOptions = {}) {
      const project = await prisma.project.create({
        data: {
          branchId,
          description: opts.description ?? `Project ${unique()}`,
          allowOrphans: opts.allowOrphans ?? false,
          defaultPersonId: opts.defaultPersonId ?? null,
        },
      });
      const specs = opts.steps ?? [
        { description: "First call", sortLevel: 10 },
        { description: "Quote", sortLevel: 20 },
        { description: "Installed", sortLevel: 30 },
      ];
      const steps = [];
      for (const [i, s] of specs.entries())
        steps.push(
          await prisma.projectStep.create({
            data: {
              branchId,
              projectId: project.id,
              description: s.description ?? `Step ${i + 1}`,
              sortLevel: s.sortLevel ?? (i + 1) * 10,
              noAutoResolve: s.noAutoResolve ?? false,
              defaultPersonId: s.defaultPersonId ?? null,
              defaultZoneRoleId: s.defaultZoneRoleId ?? null,
              funnelPosition: s.funnelPosition ?? "OTHER",
              inactive: s.inactive ?? false,
            },
          }),
        );
      return { ...project, steps };
    },

    thread: (branchId: string, projectId: string, opts: { customerId?: string | null; leadId?: string | null } = {}) =>
      prisma.projectThread.create({
        data: { branchId, projectId, customerId: opts.customerId ?? null, leadId: opts.leadId ?? null },
      }),

    /** `count` activities on the thread at the step, one an hour from `start`. */
    async activities(
      branchId: string,
      threadId: string,
      stepId: string,
      opts: { count?: number; start?: Date; assignedPersonId?: string | null; status?: RecordStatus } = {},
    ) {
      const start = opts.start ?? new Date();
      const count = opts.count ?? 1;
      await prisma.activity.createMany({
        data: Array.from({ length: count }, (_, i) => ({
          branchId,
          threadId,
          stepId,
          subject: `Activity ${i + 1}`,
          scheduledTime: new Date(start.getTime() + i * 3_600_000),
          assignedPersonId: opts.assignedPersonId ?? null,
          status: opts.status ?? "ACTIVE",
        })),
      });
      return prisma.activity.findMany({ where: { threadId, stepId }, orderBy: { scheduledTime: "asc" } });
    },
  };
}
