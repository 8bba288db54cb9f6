import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useErrorAlerts } from "../api";
import { AlertsCard } from "../components/alerts-card";
import {
  ErrorAlertsDialogs,
  ErrorAlertsDialogsProvider,
  useErrorAlertsDialogs,
} from "../components/error-alerts-dialogs";
import { ExclusionsCard } from "../components/exclusions-card";

// admin/error-alerts: alerts (threshold of errors in a window, by severity) and the exclusions that keep
// known errors out of them. The server evaluates the alerts every minute and mails super admins (and
// Slack) when one is raised or cleared.

function NewAlertButton() {
  const { editAlert } = useErrorAlertsDialogs();
  return (
    <Button onClick={() => editAlert(null)}>
      <PlusIcon aria-hidden="true" />
      New alert
    </Button>
  );
}

/** admin/error-alerts */
export default function ErrorAlertsPage() {
  const [activeOnly, setActiveOnly] = useState(true);
  const data = useErrorAlerts(activeOnly);
  return (
    <ErrorAlertsDialogsProvider>
      <ListPage
        title="Error Alert Setup"
        description="Alerts watch every branch's errors each minute and mail the super admins (and Slack) when one is raised or cleared."
        actions={<NewAlertButton />}
      >
        {data.error && !data.data ? <QueryError error={data.error} onRetry={() => data.refetch()} /> : null}
        {data.isPending ? <Skeleton className="h-48" /> : null}
        {data.data ? (
          <>
            <AlertsCard alerts={data.data.errorAlerts} />
            <ExclusionsCard
              exclusions={data.data.errorAlertExclusions}
              activeOnly={activeOnly}
              onActiveOnly={setActiveOnly}
            />
          </>
        ) : null}
      </ListPage>
      <ErrorAlertsDialogs />
    </ErrorAlertsDialogsProvider>
  );
}
