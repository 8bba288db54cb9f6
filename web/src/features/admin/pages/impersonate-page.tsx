import { EyeIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useImpersonate } from "../api";
import { UserSearch } from "../components/user-search";

/** admin/impersonate: find a user of any branch and see the app as they do. */
export default function ImpersonatePage() {
  const impersonate = useImpersonate();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const start = async (userId: string) => {
    setPendingId(userId);
    const r = await impersonate.run({ userId });
    setPendingId(null);
    // A full load on the user's branch: every cached answer of the admin's session is dropped.
    if (r) window.location.assign(`${r.impersonate.path}?host=${encodeURIComponent(r.impersonate.host)}`);
  };
  return (
    <ListPage title="Impersonate" description="See the portal or the team pages exactly as one user sees them.">
      <Alert variant="info">
        <AlertTitle>While you view as someone</AlertTitle>
        <AlertDescription>
          A banner shows whom you are viewing as, with Stop. Every request is recorded with your name. Nothing can be
          paid, ordered or changed in the user's sign-in, password or payment methods, and the admin console is closed
          until you stop.
        </AlertDescription>
      </Alert>
      <Card>
        <CardContent>
          <UserSearch
            label="Find a user of any branch"
            action={(u) =>
              u.type === "SUPER_ADMIN" ? (
                <span className="text-muted-foreground text-xs">Super admins cannot be impersonated</span>
              ) : (
                <Button
                  size="sm"
                  onClick={() => void start(u.id)}
                  disabled={!!pendingId}
                  aria-label={`View as ${u.email}`}
                >
                  {pendingId === u.id ? <Spinner /> : <EyeIcon aria-hidden="true" />}
                  View as
                </Button>
              )
            }
          />
        </CardContent>
      </Card>
    </ListPage>
  );
}
