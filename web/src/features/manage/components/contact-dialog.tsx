import { PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { Controller, useFieldArray } from "react-hook-form";
import { useZodForm } from "@/components/form";
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
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { failureResult, ResultBanner, type ResultMessage } from "@/features/account/components/result-banner";
import { type ManagedContact, useContactRoles, useRefreshAccounts, useUpdateContact } from "../api";
import { type ContactValues, contactSchema, PHONE_TYPES } from "../schema";

const nameFields = [
  ["firstName", "First name"],
  ["lastName", "Last name"],
] as const;

/** Each phone's two ways of reaching the contact, a checkbox each. */
const phoneFlags = [
  ["textable", "Accepts texts"],
  ["callable", "Accepts calls"],
] as const;

const emptyPhone = {
  phoneId: null,
  phoneNumber: "",
  phoneTypeId: "MOBILE",
  textable: false,
  callable: true,
  comments: "",
};

/** The fields of a phone the form edits and the server saves (its place in the list is its order). */
function phoneFields(p: ContactValues["phones"][number]): ContactValues["phones"][number] {
  const { phoneId, phoneNumber, phoneTypeId, textable, callable, comments } = p;
  return { phoneId, phoneNumber, phoneTypeId, textable, callable, comments };
}

function toValues(contact: ManagedContact | null): ContactValues {
  return {
    firstName: contact?.firstName ?? "",
    lastName: contact?.lastName ?? "",
    email: contact?.email ?? "",
    role: (contact?.role ?? "SALES") as ContactValues["role"],
    phones: contact?.phones.map(phoneFields) ?? [],
  };
}

/**
 * Edit a contact (or add one, `contact` null): names, email, role (administrators, not for themselves)
 * and phones with their textable / callable flags.
 */
export function ContactDialog({
  open,
  onOpenChange,
  contact,
  customerId,
  accountNumber,
  canEditRole,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact: ManagedContact | null;
  customerId: string;
  accountNumber: string;
  canEditRole: boolean;
}) {
  const update = useUpdateContact();
  const refresh = useRefreshAccounts();
  const roles = useContactRoles();
  const [result, setResult] = useState<ResultMessage | null>(null);
  const form = useZodForm(contactSchema, toValues(contact), { mode: "onTouched" });
  const phones = useFieldArray({ control: form.control, name: "phones" });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(toValues(contact));
      setResult(null);
    }
  }, [open, contact, form]);

  const onSubmit = form.handleSubmit(async (v) => {
    setResult(null);
    try {
      await update.mutateQuietly({
        contact: {
          id: contact?.id ?? null,
          customerId: contact ? null : customerId,
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          email: v.email.trim(),
          role: canEditRole ? v.role : null,
          phones: v.phones.map(phoneFields),
        },
      });
      // the server's message is the success toast (useUpdateContact)
      await refresh();
      onOpenChange(false);
    } catch (e) {
      setResult(failureResult(e));
    }
  });

  const title = contact ? `Edit ${`${contact.firstName} ${contact.lastName}`.trim() || "contact"}` : "Add a contact";
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Contact on account {accountNumber}.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={title}>
          <ResultBanner result={result} onClear={() => setResult(null)} />
          <div className="grid gap-4 sm:grid-cols-2">
            {nameFields.map(([name, label]) => (
              <FormField key={name} label={label} required error={errors[name]?.message}>
                <Input autoComplete="off" {...form.register(name)} />
              </FormField>
            ))}
            <FormField label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...form.register("email")} />
            </FormField>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <FormField
                  label="Role"
                  description={canEditRole ? undefined : "Only an account administrator changes roles."}
                >
                  {(control) => (
                    <Select value={field.value} onValueChange={field.onChange} disabled={!canEditRole}>
                      <SelectTrigger {...control}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {(roles.data?.contactRoles ?? []).map((r) => (
                          <SelectItem key={r.id} value={r.id}>
                            {r.description}
                          </SelectItem>
                        ))}
                        {!roles.data ? <SelectItem value={field.value}>{field.value}</SelectItem> : null}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
              )}
            />
          </div>

          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium text-sm">Phones</legend>
            {phones.fields.length === 0 ? <p className="text-muted-foreground text-sm">No phone numbers.</p> : null}
            {phones.fields.map((field, i) => {
              const n = i + 1;
              return (
                <fieldset
                  key={field.id}
                  aria-label={`Phone ${n}`}
                  className="m-0 grid min-w-0 grid-cols-[1fr_auto] gap-3 rounded-md border bg-muted/30 p-3 sm:grid-cols-[1fr_8rem_auto] sm:items-start"
                >
                  <FormField
                    label="Number"
                    className="col-span-2 sm:col-span-1"
                    error={errors.phones?.[i]?.phoneNumber?.message}
                  >
                    <Input type="tel" autoComplete="off" {...form.register(`phones.${i}.phoneNumber`)} />
                  </FormField>
                  <Controller
                    control={form.control}
                    name={`phones.${i}.phoneTypeId`}
                    render={({ field: typeField }) => (
                      <FormField label="Type">
                        {(control) => (
                          <Select value={typeField.value} onValueChange={typeField.onChange}>
                            <SelectTrigger {...control}>
                              <SelectValue />
                            </SelectTrigger>
                            <SelectContent>
                              {PHONE_TYPES.map((t) => (
                                <SelectItem key={t.id} value={t.id}>
                                  {t.label}
                                </SelectItem>
                              ))}
                            </SelectContent>
                          </Select>
                        )}
                      </FormField>
                    )}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="self-end justify-self-end sm:mt-[1.375rem] sm:self-start"
                    aria-label="Remove phone"
                    onClick={() => phones.remove(i)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                  <div className="col-span-2 flex flex-wrap gap-x-6 gap-y-2 sm:col-span-3">
                    {phoneFlags.map(([flag, label]) => (
                      <Controller
                        key={flag}
                        control={form.control}
                        name={`phones.${i}.${flag}`}
                        render={({ field: f }) => (
                          <FormField label={label} orientation="horizontal" labelClassName="font-normal">
                            <Checkbox checked={f.value} onCheckedChange={(c) => f.onChange(c === true)} />
                          </FormField>
                        )}
                      />
                    ))}
                  </div>
                </fieldset>
              );
            })}
            {phones.fields.length < 5 ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => phones.append(emptyPhone)}
              >
                <PlusIcon aria-hidden="true" />
                Add phone
              </Button>
            ) : null}
          </fieldset>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="text-current" label="Saving" /> : null}
              Save contact
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
