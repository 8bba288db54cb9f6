import { PlayIcon } from "lucide-react";
import { useLocation } from "wouter";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatInstantDate } from "@/lib/format";
import { useStartThread } from "../api";
import type { WorkThread } from "../thread-api";
import { threadHref } from "./activity-actions";

/** A closed thread takes no new work: it says so, and starts a new thread of the project for the same customer or lead. */
export function ClosedThreadAlert({ thread, timeZone }: { thread: WorkThread; timeZone: string }) {
  const [, navigate] = useLocation();
  const start = useStartThread({
    onSuccess: (r) => {
      const id = r.startProjectThread.thread?.id;
      if (id) navigate(threadHref(id));
    },
  });
  const canRestart = !!(thread.customerId || thread.leadId);
  return (
    <Alert
      variant="info"
      action={
        canRestart ? (
          <Button
            size="sm"
            variant="outline"
            disabled={start.isPending}
            onClick={() =>
              start.run({ projectId: thread.projectId, customerId: thread.customerId, leadId: thread.leadId })
            }
          >
            <PlayIcon aria-hidden="true" />
            Start a new thread
          </Button>
        ) : null
      }
    >
      <AlertTitle>This thread is closed</AlertTitle>
      <AlertDescription>
        It was closed on {formatInstantDate(thread.closedAt, timeZone, "long")}, when its last step was done. It takes
        no new activities and its activities cannot be reopened; start a new thread to add work.
      </AlertDescription>
    </Alert>
  );
}
