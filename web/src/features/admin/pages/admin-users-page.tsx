import { KeyRoundIcon, UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
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
import { PageHeader } from "@/components/ui/page-header";
import { PasswordInput } from "@/components/ui/password-input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { describeMutationError } from "@/lib/use-gql-mutation";
import { type PlatformUser, useAddAdminUser, useAdminUsers, useChangeUserPassword } from "../api";
import { UserSearch } from "../components/user-search";
import { formatDateTime } from "../format";

const EMPTY = { email: "", firstName: "", lastName: "", password: "" };

function AddAdminCard() {
  const add = useAddAdminUser({ successToast: true });
  const admins = useAdminUsers();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await add.mutateQuietly({ input: form });
      setForm(EMPTY);
      await admins.refetch();
    } catch (err) {
      setError(describeMutationError(err)); // in the form's alert
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add admin user">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Add an admin user</h2>
          </CardTitle>
          <CardDescription>A super admin can sign in on any branch and use this console.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" required>
            <Input value={form.firstName} onChange={set("firstName")} autoComplete="off" />
          </FormField>
          <FormField label="Last name" required>
            <Input value={form.lastName} onChange={set("lastName")} autoComplete="off" />
          </FormField>
          <FormField label="Email" required>
            <Input type="email" value={form.email} onChange={set("email")} autoComplete="off" />
          </FormField>
          <FormField label="Password" required description="Passwords must be at least 6 characters">
            <PasswordInput value={form.password} onChange={set("password")} autoComplete="new-password" />
          </FormField>
          {error ? (
            <Alert variant="destructive" className="sm:col-span-2">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? <Spinner /> : <UserPlusIcon aria-hidden="true" />}
            Add admin user
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

function PasswordDialog({ user, onClose }: { user: PlatformUser; onClose: () => void }) {
  const change = useChangeUserPassword({ successToast: true });
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await change.mutateQuietly({ userId: user.id, password });
      onClose();
    } catch (err) {
      setError(describeMutationError(err)); // in the dialog's alert
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change the password of {user.email}</DialogTitle>
          <DialogDescription>Their open sessions end: they sign in again with the new password.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Change password">
          <FormField label="New password" required description="Passwords must be at least 6 characters">
            <PasswordInput value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
          </FormField>
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? <Spinner /> : <KeyRoundIcon aria-hidden="true" />}
              Change password
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** admin/users: the super admins, adding one, and changing any user's password. */
export default function AdminUsersPage() {
  const admins = useAdminUsers();
  const [changing, setChanging] = useState<PlatformUser | null>(null);
  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title="Admin Users" />
      <PageHeader title="Admin Users" description="The platform's super admins, and any user's password." />
      <Card className="gap-0 py-0">
        {admins.isError ? (
          <div className="p-4">
            <QueryError error={admins.error} onRetry={() => admins.refetch()} />
          </div>
        ) : admins.isPending ? (
          <Skeleton className="m-4 h-24" />
        ) : (
          <Table aria-label="Admin users">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Name</TableHead>
                <TableHead className="hidden sm:table-cell">Email</TableHead>
                <TableHead className="hidden md:table-cell">Home branch</TableHead>
                <TableHead>Last sign-in</TableHead>
                <TableHead className="w-10">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {admins.data.adminUsers.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>
                    <div className="font-medium">{`${u.firstName} ${u.lastName}`}</div>
                    <div className="break-all text-muted-foreground text-xs sm:hidden">{u.email}</div>
                  </TableCell>
                  <TableCell className="hidden break-all sm:table-cell">{u.email}</TableCell>
                  <TableCell className="hidden md:table-cell">{u.branchHost}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(u.lastLoginAt)}</TableCell>
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Change the password of ${u.email}`}
                      onClick={() => setChanging(u)}
                    >
                      <KeyRoundIcon aria-hidden="true" />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      <AddAdminCard />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Change a user's password</h2>
          </CardTitle>
          <CardDescription>Any user of any branch: customers, employees and admins.</CardDescription>
        </CardHeader>
        <CardContent>
          <UserSearch
            label="Find the user"
            action={(u) => (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setChanging(u)}
                aria-label={`Change password of ${u.email}`}
              >
                <KeyRoundIcon aria-hidden="true" />
                Change password
              </Button>
            )}
          />
        </CardContent>
      </Card>
      {changing ? <PasswordDialog user={changing} onClose={() => setChanging(null)} /> : null}
    </div>
  );
}
