import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { graphql, type ResultOf, request } from "@/lib/graphql";
import { ActivityFields } from "./api";

// One project thread as its page reads it: the first answer is the thread's header, its activities
// counted per step (the step progress, the current step and the open work count come from these, so
// they never depend on how much of the timeline is loaded) and the first page of its timeline in time
// order; "Show more" reads the next page after the last one shown (the server's cursor). A change to
// the work refetches every page loaded (the "WorkThread" key, invalidated by the work mutations).

/** Activities per page: the first answer stays small (about 25 kB for a thread of 300). */
export const THREAD_PAGE = 25;

const PageFields = graphql(
  `
  fragment WorkThreadPageFields on ProjectThreadActivityPage @_unmask {
    activities {
      ...WorkActivityFields
    }
    customFieldValues {
      recordId
      fieldId
      value
    }
    nextCursor
  }
`,
  [ActivityFields],
);

export const WorkThreadQuery = graphql(
  `
  query WorkThread($id: ID!, $take: Int) {
    projectThread(id: $id) {
      id
      projectId
      projectDescription
      customerId
      customerName
      leadId
      leadName
      closedAt
      createdAt
      openActivityCount
      activityCount
      stepCounts {
        stepId
        stepSortLevel
        active
        resolved
      }
      timeline(take: $take) {
        ...WorkThreadPageFields
      }
    }
  }
`,
  [PageFields],
);

const ThreadActivitiesQuery = graphql(
  `
  query WorkThreadActivities($threadId: ID!, $after: String, $take: Int) {
    projectThreadActivities(threadId: $threadId, after: $after, take: $take) {
      ...WorkThreadPageFields
    }
  }
`,
  [PageFields],
);

const OpenActivityIdsQuery = graphql(`
  query WorkThreadOpenActivities($id: ID!) {
    projectThread(id: $id) {
      id
      openActivityIds
    }
  }
`);

type Thread = ResultOf<typeof WorkThreadQuery>["projectThread"];
/** The thread's header and step counts (its timeline comes in pages: useWorkThread's `activities`). */
export type WorkThread = Omit<Thread, "timeline">;
type Page = ResultOf<typeof PageFields>;

/** The thread, its activities loaded so far (in time order) with their custom field values, and more. */
export function useWorkThread(id: string) {
  const query = useInfiniteQuery({
    queryKey: ["WorkThread", { id }],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<{ thread: WorkThread | null; page: Page }> => {
      if (!pageParam) {
        const { timeline, ...thread } = (await request(WorkThreadQuery, { id, take: THREAD_PAGE })).projectThread;
        return { thread, page: timeline };
      }
      const r = await request(ThreadActivitiesQuery, { threadId: id, after: pageParam, take: THREAD_PAGE });
      return { thread: null, page: r.projectThreadActivities };
    },
    getNextPageParam: (last) => last.page.nextCursor ?? undefined,
    staleTime: 0,
  });
  const pages = query.data?.pages;
  const loaded = useMemo(
    () => ({
      thread: pages?.[0]?.thread ?? undefined,
      activities: pages?.flatMap((p) => p.page.activities) ?? [],
      customFieldValues: pages?.flatMap((p) => p.page.customFieldValues) ?? [],
    }),
    [pages],
  );
  return { ...query, ...loaded };
}

/** Reads the thread's open activities' ids now (a shortcut on its open work runs on all of them). */
export function useOpenActivityIds(id: string) {
  const client = useQueryClient();
  return useCallback(
    async () =>
      (
        await client.fetchQuery({
          queryKey: ["WorkThreadOpenActivities", { id }],
          queryFn: () => request(OpenActivityIdsQuery, { id }),
          staleTime: 0,
        })
      ).projectThread.openActivityIds,
    [client, id],
  );
}
