import { ChevronDownIcon, PhoneOutgoingIcon, Trash2Icon, UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { PageHeader } from "@/components/ui/page-header";
import { useOverview } from "@/lib/overview";
import { type LeadDetail, useLinkCustomer, useSendToCallTool, useSetLeadStatus } from "./api";
import { AssignDialog, DiscardDialog, DuplicateDialog, type LeadDialog, LinkCustomerDialog } from "./lead-dialogs";
import { STATUS_WORDS } from "./schema";

export function LeadStatusBadge({ status }: { status: string }) {
  const variant = status === "DISCARDED" ? "secondary" : status === "ASSIGNED" ? "success" : "outline";
  return <Badge variant={variant}>{STATUS_WORDS[status] ?? status}</Badge>;
}

/** What the lead is, at a glance, under its name: status, person, source, what it repeats or is. */
function Summary({ lead }: { lead: LeadDetail }) {
  const parts = [
    lead.personName ? `Assigned to ${lead.personName}` : null,
    lead.discardReasonName ? `Discarded: ${lead.discardReasonName}` : null,
    lead.leadSourceName ? `From ${lead.leadSourceName}` : null,
  ].filter(Boolean);
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <LeadStatusBadge status={lead.status} />
      {parts.map((p) => (
        <span key={p}>{p}</span>
      ))}
      {lead.duplicateOfId ? (
        <Link href={`/team/leads/${lead.duplicateOfId}`} className="text-foreground underline-offset-2 hover:underline">
          Duplicate of #{lead.duplicateOfNumber}
        </Link>
      ) : null}
      {lead.customerId ? (
        <span>
          Customer {lead.customerAccountNumber} · {lead.customerName}
        </span>
      ) : null}
      {lead.callToolsContactId ? <span>Sent to the call tool</span> : null}
    </span>
  );
}

/** The lead's name, number and status, and what may be done to it (for LEAD_ADMIN and LEAD_DATA_ENTRY). */
export function LeadHeader({ lead, canEdit }: { lead: LeadDetail; canEdit: boolean }) {
  const [dialog, setDialog] = useState<LeadDialog>(null);
  const status = useSetLeadStatus();
  const link = useLinkCustomer();
  const callTool = useSendToCallTool();
  // Sending to the call tool is offered only where the branch has the call tools (the API refuses it otherwise).
  const callTools = !!useOverview().overview?.enabledWatertightFeatures.includes("CALL_TOOLS");
  const close = () => setDialog(null);
  const leadIds = [lead.id];
  const working = canEdit && !lead.mergedIntoId;
  return (
    <>
      <PageHeader
        title={
          <span className="break-words">
            {lead.name} <span className="font-normal text-muted-foreground">#{lead.number}</span>
          </span>
        }
        description={<Summary lead={lead} />}
        actions={
          working ? (
            <>
              <Button variant="outline" onClick={() => setDialog("assign")}>
                <UserPlusIcon aria-hidden="true" />
                Assign
              </Button>
              <Button variant="outline" onClick={() => setDialog("discard")}>
                <Trash2Icon aria-hidden="true" />
                Discard
              </Button>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline">
                    More
                    <ChevronDownIcon aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {lead.status !== "UNASSIGNED" ? (
                    <DropdownMenuItem onSelect={() => status.run({ leadIds, status: "UNASSIGNED" })}>
                      {lead.status === "DISCARDED" ? "Set unassigned (undo discard)" : "Unassign"}
                    </DropdownMenuItem>
                  ) : null}
                  {lead.status === "DISCARDED" && lead.personId ? (
                    <DropdownMenuItem onSelect={() => status.run({ leadIds, status: "ASSIGNED" })}>
                      Set assigned (undo discard)
                    </DropdownMenuItem>
                  ) : null}
                  {!callTools || lead.callToolsContactId || lead.status === "DISCARDED" ? null : (
                    <DropdownMenuItem onSelect={() => callTool.run({ leadIds })}>
                      <PhoneOutgoingIcon aria-hidden="true" />
                      Send to call tool
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => setDialog("duplicate")}>Mark duplicate of…</DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setDialog("link")}>
                    {lead.customerId ? "Link to another customer…" : "Link to a customer…"}
                  </DropdownMenuItem>
                  {lead.customerId ? (
                    <DropdownMenuItem onSelect={() => link.run({ leadId: lead.id, customerId: null })}>
                      Unlink customer
                    </DropdownMenuItem>
                  ) : null}
                </DropdownMenuContent>
              </DropdownMenu>
            </>
          ) : null
        }
      />
      {working ? (
        <>
          <AssignDialog lead={lead} open={dialog === "assign"} onClose={close} />
          <DiscardDialog lead={lead} open={dialog === "discard"} onClose={close} />
          <DuplicateDialog lead={lead} open={dialog === "duplicate"} onClose={close} />
          <LinkCustomerDialog lead={lead} open={dialog === "link"} onClose={close} />
        </>
      ) : null}
    </>
  );
}
