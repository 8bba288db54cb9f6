import { UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { FormDialog, useZodForm } from "@/components/form";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { useCreateEmployee } from "../api";
import { emptyPerson, personSchema } from "../schema";
import { PersonFields } from "./person-fields";

/** Add an employee; by default they are mailed a link to set their password. */
export function AddEmployeeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const create = useCreateEmployee();
  const [, navigate] = useLocation();
  const [invite, setInvite] = useState(true);
  const form = useZodForm(personSchema, emptyPerson);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="Add an employee"
      description="They appear in personnel at once; give them groups and grants next."
      submitLabel="Add employee"
      submitIcon={<UserPlusIcon aria-hidden="true" />}
      className="sm:max-w-xl"
      onSubmit={async (values) => {
        if (invite && !values.email.trim()) {
          form.setError("email", { message: "An invitation needs an email address." });
          return false;
        }
        const r = (await create.mutateQuietly({ input: { ...values, invite } })).createEmployee;
        if (r.person) navigate(`/team/personnel/${r.person.id}`);
      }}
    >
      <PersonFields form={form} disabled={create.isPending} />
      <div className="flex items-start gap-2">
        <Checkbox id="invite-employee" checked={invite} onCheckedChange={(v) => setInvite(v === true)} />
        <div className="grid gap-0.5">
          <Label htmlFor="invite-employee">Invite them to sign in</Label>
          <p className="text-muted-foreground text-xs">We email a link to set their password (valid 7 days).</p>
        </div>
      </div>
    </FormDialog>
  );
}
