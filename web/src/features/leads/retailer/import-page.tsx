import { DownloadIcon, PlugZapIcon, RefreshCwIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { z } from "zod";
import { ListPage } from "@/components/data-list/list-page";
import { FormDialog, useZodForm } from "@/components/form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { formatDateTime } from "@/lib/format";
import { useHasPermission } from "@/lib/permissions";
import {
  type FeedItemRow,
  type Retailer,
  useDiscardRetailerLead,
  useImportRetailerLead,
  usePollRetailerFeed,
  useRetailerFeed,
  useRetailerImportStatus,
} from "./api";
import { FeedTable } from "./feed-table";

const RETAILER: Retailer = "COSTCO";
const plural = (n: number) => `${n} referral${n === 1 ? "" : "s"}`;

/**
 * team/costco-import: the referrals Costco's feed gave, each with its outcome. New ones are imported
 * (one, a selection, or all) as leads or discarded, and the retailer is told either way; one another
 * dealer opened first stays listed, marked. Without a connection the page says how to make one.
 */
export default function RetailerImportPage() {
  const feed = useRetailerFeed(RETAILER);
  const items = feed.data?.retailerFeedItems;
  const isAdmin = useHasPermission()("LEAD_ADMIN");
  const poll = usePollRetailerFeed();
  const importLeads = useImportRetailerLead();
  const [discarding, setDiscarding] = useState<FeedItemRow[] | null>(null);
  const fresh = items?.filter((i) => i.outcome === "NEW") ?? [];
  const status = useRetailerImportStatus(RETAILER, isAdmin).data?.retailerSettings;
  const notConnected = status ? !status.configured : false;
  return (
    <ListPage
      title="Costco import"
      description="Referrals from your Costco program: import them as leads or discard them."
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => poll.run({ retailer: RETAILER })} disabled={poll.isPending}>
            <RefreshCwIcon aria-hidden="true" />
            Check now
          </Button>
          <Button
            onClick={() => importLeads.run({ retailer: RETAILER, all: true })}
            disabled={!fresh.length || importLeads.isPending}
          >
            <DownloadIcon aria-hidden="true" />
            Import all new{fresh.length ? ` (${fresh.length})` : ""}
          </Button>
        </div>
      }
    >
      {status?.configured ? (
        <p className="text-muted-foreground text-sm">
          {status.enabled
            ? `The feed is read every ${status.pollMinutes === 1 ? "minute" : `${status.pollMinutes} minutes`}; last read ${formatDateTime(status.lastPolledAt, { omitThisYear: true, empty: "never" })}.`
            : "Reading the feed is switched off on Costco settings."}{" "}
          {status.lastPollError ? `Last problem: ${status.lastPollError}` : ""}
        </p>
      ) : null}
      {(items && items.length === 0) || notConnected ? (
        <Alert>
          <PlugZapIcon aria-hidden="true" />
          <AlertTitle>{notConnected ? "Costco is not connected yet" : "Waiting for referrals"}</AlertTitle>
          <AlertDescription>
            {isAdmin ? (
              <span>
                Connect Costco's referral feed on{" "}
                <Link href="/team/costco-settings" className="underline">
                  Costco settings
                </Link>{" "}
                with the feed address, dealer account id and secret Costco gave you. Once connected, the feed is read
                every few minutes and referrals appear here.
              </span>
            ) : (
              "Referrals appear here once a lead admin connects Costco's feed on Costco settings, and the feed is read every few minutes."
            )}
          </AlertDescription>
        </Alert>
      ) : null}
      <FeedTable
        items={items}
        query={feed}
        bulkActions={(selected, clear) => {
          const ids = selected.filter((i) => i.outcome === "NEW").map((i) => i.retailLeadId);
          return (
            <>
              <Button
                size="sm"
                disabled={!ids.length || importLeads.isPending}
                onClick={async () => {
                  await importLeads.run({ retailer: RETAILER, retailLeadIds: ids });
                  clear();
                }}
              >
                <DownloadIcon aria-hidden="true" />
                Import {plural(ids.length)}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!ids.length}
                onClick={() => setDiscarding(selected.filter((i) => i.outcome === "NEW"))}
              >
                <XIcon aria-hidden="true" />
                Discard {plural(ids.length)}
              </Button>
            </>
          );
        }}
      />
      <DiscardDialog items={discarding} onClose={() => setDiscarding(null)} />
    </ListPage>
  );
}

const discardSchema = z.object({ reason: z.string().trim().max(500, "The reason must be at most 500 characters.") });

function DiscardDialog({ items, onClose }: { items: FeedItemRow[] | null; onClose: () => void }) {
  const form = useZodForm(discardSchema, { reason: "" });
  const discard = useDiscardRetailerLead();
  const n = items?.length ?? 0;
  return (
    <FormDialog
      open={!!items}
      onOpenChange={(o) => (o ? null : onClose())}
      form={form}
      title={`Discard ${plural(n)}?`}
      description="They are not imported, and Costco is told you declined them, with the reason."
      formLabel="Discard referrals"
      submitLabel={`Discard ${plural(n)}`}
      pending={discard.isPending}
      onSubmit={(v) =>
        discard.mutateQuietly({
          retailer: RETAILER,
          retailLeadIds: (items ?? []).map((i) => i.retailLeadId),
          reason: v.reason,
        })
      }
    >
      <FormField
        label="Reason"
        description="Optional, e.g. “Outside our service area”."
        error={form.formState.errors.reason?.message}
      >
        <Input maxLength={500} autoFocus {...form.register("reason")} />
      </FormField>
    </FormDialog>
  );
}
