// Kept answers of the work screens (db/read-cache.ts; decisions 0900 and 1000).

/**
 * What a work screen keeps (my work's pages, a thread's page, a customer's work card), a few seconds per
 * viewer and question: a write to any of these tables in the branch drops all its entries. They are
 * what the activities, their threads, their names and their values are read from.
 */
export const workScreenCache = (name: string) =>
  ({
    name,
    models: [
      "Activity",
      "ProjectThread",
      "ProjectStep",
      "Project",
      "Customer",
      "Lead",
      "WorkflowPriority",
      "Person",
      "CustomField",
      "CustomFieldValue",
    ],
    ttlMs: 5_000,
    maxEntries: 2_000,
    // A resolved or added activity must show at once: never answer an expired entry.
    staleWhileReloading: false,
  }) as const;
