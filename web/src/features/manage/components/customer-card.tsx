import {
  MailIcon,
  MessageSquareTextIcon,
  PencilIcon,
  PhoneIcon,
  PhoneOffIcon,
  PlusIcon,
  UserMinusIcon,
} from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { type ManagedContact, type ManagedCustomer, useInactivateContact, useRefreshAccounts } from "../api";
import { phoneTypeLabel } from "../schema";
import { ContactDialog } from "./contact-dialog";

const roleLabel: Record<string, string> = {
  ADMINISTRATOR: "Administrator",
  BILLING: "Billing",
  SALES: "Sales",
  NONE: "No role",
};

function addressLines(c: ManagedCustomer) {
  const l = c.billingLocation;
  if (!l) return [];
  return [
    l.company,
    [l.address1, l.address2].filter(Boolean).join(", "),
    [l.city, [l.state, l.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
  ].filter(Boolean);
}

/** One linked customer account: its billing address and contacts with their phones. */
export function CustomerCard({ customer, userId }: { customer: ManagedCustomer; userId: string }) {
  const [editing, setEditing] = useState<ManagedContact | "new" | null>(null);
  const inactivate = useInactivateContact();
  const refresh = useRefreshAccounts();
  const canManage = customer.viewerCanManageContacts;
  const mine = customer.contacts.find((c) => c.id === customer.viewerContactId) ?? null;

  /** A refusal closes the dialog; a failure keeps it open to try again (either is shown in a toast). */
  const remove = async (contact: ManagedContact) => {
    try {
      await inactivate.mutateAsync({ input: { contactId: contact.id } });
    } catch (e) {
      if (e instanceof MutationRefusal) return;
      throw e;
    }
    await refresh();
  };

  const headingId = `account-${customer.id}`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="border-b">
        <CardTitle asChild>
          <h2 id={headingId} className="flex flex-wrap items-center gap-2">
            <span>Account {customer.accountNumber}</span>
            <span className="font-normal text-muted-foreground">· {customer.name}</span>
            {customer.status !== "ACTIVE" ? <Badge variant="secondary">{customer.status.toLowerCase()}</Badge> : null}
          </h2>
        </CardTitle>
        <CardDescription>
          {addressLines(customer).join(" · ") || "No billing address on file."}
          {mine ? (
            <> · You're {mine.role === "NONE" ? "a contact" : `the ${roleLabel[mine.role]?.toLowerCase()} contact`}</>
          ) : null}
        </CardDescription>
        {mine ? (
          <CardAction>
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm">
                  <UserMinusIcon aria-hidden="true" />
                  Unlink
                </Button>
              }
              title={`Unlink account ${customer.accountNumber}?`}
              description="You'll no longer see this account's bills and deliveries. You can link it again with its account number and security code."
              confirmLabel="Unlink account"
              destructive
              onConfirm={() => remove(mine)}
            />
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-medium text-sm">Contacts</h3>
          {canManage ? (
            <Button variant="outline" size="sm" onClick={() => setEditing("new")}>
              <PlusIcon aria-hidden="true" />
              Add contact
            </Button>
          ) : null}
        </div>
        <ul className="grid gap-2">
          {customer.contacts.map((contact) => {
            const isMe = contact.userId === userId;
            const canEdit = isMe || canManage;
            const name = `${contact.firstName} ${contact.lastName}`.trim() || "Unnamed contact";
            return (
              <li
                key={contact.id}
                aria-label={name}
                className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_auto] sm:items-start"
              >
                <div className="grid min-w-0 gap-1.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{name}</span>
                    {isMe ? <Badge variant="info">You</Badge> : null}
                    <Badge variant="outline">{roleLabel[contact.role] ?? contact.role}</Badge>
                  </div>
                  {contact.email ? (
                    <span className="flex items-center gap-1.5 text-muted-foreground text-sm">
                      <MailIcon aria-hidden="true" className="size-3.5 shrink-0" />
                      <span className="truncate">{contact.email}</span>
                    </span>
                  ) : null}
                  {contact.phones.length ? (
                    <ul className="grid gap-1" aria-label={`Phones of ${name}`}>
                      {contact.phones.map((p) => (
                        <li key={p.phoneId} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                          <PhoneIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                          <span className="tabular-nums">{p.phoneNumber}</span>
                          <span className="text-muted-foreground">{phoneTypeLabel(p.phoneTypeId)}</span>
                          {p.textable ? (
                            <Badge variant="secondary">
                              <MessageSquareTextIcon aria-hidden="true" />
                              Texts
                            </Badge>
                          ) : null}
                          {p.callable ? (
                            <Badge variant="secondary">
                              <PhoneIcon aria-hidden="true" />
                              Calls
                            </Badge>
                          ) : null}
                          {!p.textable && !p.callable ? (
                            <Badge variant="outline" className="text-muted-foreground">
                              <PhoneOffIcon aria-hidden="true" />
                              Don't contact
                            </Badge>
                          ) : null}
                          {p.comments ? <span className="text-muted-foreground text-xs">({p.comments})</span> : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-muted-foreground text-sm">No phone numbers</span>
                  )}
                </div>
                {canEdit ? (
                  <div className="flex gap-1 sm:justify-end">
                    <Button variant="outline" size="sm" onClick={() => setEditing(contact)} aria-label={`Edit ${name}`}>
                      <PencilIcon aria-hidden="true" />
                      Edit
                    </Button>
                    {canManage && !isMe ? (
                      <ConfirmDialog
                        trigger={
                          <Button variant="ghost" size="sm" aria-label={`Remove ${name}`}>
                            Remove
                          </Button>
                        }
                        title={`Remove ${name}?`}
                        description={`${name} will no longer be a contact on account ${customer.accountNumber}.`}
                        confirmLabel="Remove contact"
                        destructive
                        onConfirm={() => remove(contact)}
                      />
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardContent>
      <ContactDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        contact={editing === "new" ? null : editing}
        customerId={customer.id}
        accountNumber={customer.accountNumber}
        canEditRole={canManage && !(editing !== "new" && editing?.userId === userId)}
      />
    </Card>
  );
}
