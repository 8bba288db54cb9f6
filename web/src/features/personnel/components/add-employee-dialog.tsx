import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useLocation } from "wouter";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { describeRequestError } from "@/lib/query-client";
import { useCreateEmployee, useRefreshPeople } from "../api";
import { emptyPerson, type PersonValues, personSchema } from "../schema";
import { PersonFields } from "./person-fields";

/** Add an employee; by default they are mailed a link to set their password. */
export function AddEmployeeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const create = useCreateEmployee();
  const refresh = useRefreshPeople();
  const [, navigate] = useLocation();
  const [invite, setInvite] = useState(true);
  const form = useForm<PersonValues>({ resolver: zodResolver(personSchema), defaultValues: emptyPerson });

  const onSubmit = form.handleSubmit(async (values) => {
    if (invite && !values.email.trim()) {
      form.setError("email", { message: "An invitation needs an email address." });
      return;
    }
    try {
      const r = (await create.mutateAsync({ input: { ...values, invite } })).createEmployee;
      if (!r.isSuccess || !r.person) {
        form.setError("root", { message: r.message });
        return;
      }
      toast.success(r.message);
      await refresh();
      onOpenChange(false);
      form.reset(emptyPerson);
      navigate(`/team/personnel/${r.person.id}`);
    } catch (error) {
      form.setError("root", { message: describeRequestError(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add an employee</DialogTitle>
            <DialogDescription>They appear in personnel at once; give them groups and grants next.</DialogDescription>
          </DialogHeader>
          <PersonFields form={form} disabled={create.isPending} />
          <div className="flex items-start gap-2">
            <Checkbox id="invite-employee" checked={invite} onCheckedChange={(v) => setInvite(v === true)} />
            <div className="grid gap-0.5">
              <Label htmlFor="invite-employee">Invite them to sign in</Label>
              <p className="text-muted-foreground text-xs">We email a link to set their password (valid 7 days).</p>
            </div>
          </div>
          {form.formState.errors.root ? (
            <Alert variant="destructive">
              <AlertDescription>{form.formState.errors.root.message}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner size="sm" /> : <UserPlusIcon aria-hidden="true" />}
              Add employee
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
