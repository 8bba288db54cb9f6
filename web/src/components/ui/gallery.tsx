import {
  DropletsIcon,
  EllipsisIcon,
  MenuIcon,
  MoonIcon,
  PackageIcon,
  PlusIcon,
  RefreshCwIcon,
  SunIcon,
  Trash2Icon,
  TruckIcon,
} from "lucide-react";
import * as React from "react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  ConfirmDialog,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { PasswordInput } from "@/components/ui/password-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Separator } from "@/components/ui/separator";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import {
  type SortDirection,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { SimpleTooltip } from "@/components/ui/tooltip";
import { useThemeMode } from "@/lib/preferences";
import { formatMoney, formatOrderId, ordinal } from "@/lib/utils";

/** Throwaway showcase of every primitive (App renders it until the real routes land). */

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-3">
      <h2 className="font-semibold text-muted-foreground text-sm uppercase tracking-wider">{title}</h2>
      {children}
    </section>
  );
}

const deliveries = [
  { id: "100234", customer: "Acme Dental", stop: 3, amount: 4250, status: "Scheduled" },
  { id: "100235", customer: "Blue Lake Gym", stop: 11, amount: 12999, status: "Delivered" },
  { id: "10*236", customer: "Cedar Elementary", stop: 22, amount: -500, status: "Skipped" },
  { id: "100237", customer: "Hilltop Realty", stop: 103, amount: 123450, status: "Scheduled" },
];

export function Gallery() {
  const [mode, , toggleMode] = useThemeMode();
  const [sort, setSort] = React.useState<SortDirection>("asc");
  const [notify, setNotify] = React.useState(true);
  const rows = [...deliveries].sort((a, b) => (sort === "asc" ? a.amount - b.amount : b.amount - a.amount));

  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-40 flex h-[50px] items-center gap-3 border-b bg-brand-dark px-4 text-brand-offwhite">
        <Sheet>
          <SheetTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Open menu"
              className="text-brand-offwhite hover:bg-white/10 md:hidden"
            >
              <MenuIcon />
            </Button>
          </SheetTrigger>
          <SheetContent side="left">
            <SheetHeader>
              <SheetTitle>Route Water</SheetTitle>
              <SheetDescription>Mobile menu drawer.</SheetDescription>
            </SheetHeader>
            <SheetBody>
              {["Billing", "Deliveries", "Shop", "Accounts"].map((item) => (
                <Button key={item} variant="ghost" className="justify-start">
                  {item}
                </Button>
              ))}
            </SheetBody>
          </SheetContent>
        </Sheet>
        <DropletsIcon aria-hidden="true" className="size-5 text-brand-yellow" />
        <span className="font-semibold tracking-tight">Route Water</span>
        <Badge variant="accent">UI kit</Badge>
        <div className="ml-auto flex items-center gap-2">
          <SimpleTooltip content={mode === "dark" ? "Switch to light mode" : "Switch to dark mode"} side="bottom">
            <Button
              variant="ghost"
              size="icon"
              aria-label="Dark mode"
              aria-pressed={mode === "dark"}
              onClick={toggleMode}
              className="text-brand-offwhite hover:bg-white/10"
            >
              {mode === "dark" ? <SunIcon /> : <MoonIcon />}
            </Button>
          </SimpleTooltip>
        </div>
      </header>

      <main className="mx-auto grid max-w-5xl grid-cols-1 gap-8 px-4 py-6">
        <PageHeader
          title="Component gallery"
          description="Every primitive in components/ui, small size by default, in the current theme."
          actions={
            <>
              <Button variant="outline">
                <RefreshCwIcon /> Refresh
              </Button>
              <Button>
                <PlusIcon /> New delivery
              </Button>
            </>
          }
        />

        <Section title="Buttons">
          <div className="flex flex-wrap items-center gap-2">
            <Button>Default</Button>
            <Button variant="secondary">Secondary</Button>
            <Button variant="outline">Outline</Button>
            <Button variant="ghost">Ghost</Button>
            <Button variant="destructive">
              <Trash2Icon /> Destructive
            </Button>
            <Button variant="accent">Accent</Button>
            <Button variant="link">Link</Button>
            <Button disabled>Disabled</Button>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm">Small</Button>
            <Button>Default</Button>
            <Button size="lg">Large</Button>
            <Button size="icon" variant="outline" aria-label="Add">
              <PlusIcon />
            </Button>
            <Button size="icon-sm" variant="ghost" aria-label="More">
              <EllipsisIcon />
            </Button>
            <Button disabled>
              <Spinner size="sm" className="text-current" /> Saving
            </Button>
            <Button asChild variant="outline">
              <a href="#top">Anchor as button</a>
            </Button>
          </div>
        </Section>

        <Section title="Badges">
          <div className="flex flex-wrap gap-2">
            <Badge>Default</Badge>
            <Badge variant="secondary">Secondary</Badge>
            <Badge variant="outline">Outline</Badge>
            <Badge variant="destructive">Past due</Badge>
            <Badge variant="success">Paid</Badge>
            <Badge variant="info">Scheduled</Badge>
            <Badge variant="warning">Pending</Badge>
            <Badge variant="accent">9+</Badge>
          </div>
        </Section>

        <Section title="Form fields">
          <Card>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <FormField label="Email" required description="We send receipts here.">
                <Input type="email" placeholder="you@example.com" autoComplete="email" />
              </FormField>
              <FormField label="Password" error="Password must be at least 6 characters">
                <PasswordInput defaultValue="abc" />
              </FormField>
              <FormField label="Account number" description="6 or 7 digits.">
                <Input inputMode="numeric" defaultValue="1234567" />
              </FormField>
              <FormField label="Disabled field">
                <Input disabled defaultValue="Read only" />
              </FormField>
              <FormField label="Delivery day">
                {(control) => (
                  <Select defaultValue="tue">
                    <SelectTrigger {...control}>
                      <SelectValue placeholder="Choose a day" />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="mon">Monday</SelectItem>
                      <SelectItem value="tue">Tuesday</SelectItem>
                      <SelectItem value="wed">Wednesday</SelectItem>
                      <SelectItem value="thu" disabled>
                        Thursday (full)
                      </SelectItem>
                    </SelectContent>
                  </Select>
                )}
              </FormField>
              <FormField label="Gate code or notes" description="Shown to the driver.">
                <Textarea placeholder="Leave by the side door" />
              </FormField>
              <FormField label="Text me before delivery" orientation="horizontal" description="Standard rates apply.">
                <Checkbox defaultChecked />
              </FormField>
              <FormField label="Email receipts" orientation="horizontal">
                <Switch checked={notify} onCheckedChange={setNotify} />
              </FormField>
              <div className="flex items-center gap-2">
                <Checkbox id="terms" />
                <Label htmlFor="terms">Plain checkbox + label</Label>
              </div>
              <div className="flex items-center gap-2">
                <Checkbox id="indeterminate" checked="indeterminate" />
                <Label htmlFor="indeterminate">Indeterminate</Label>
              </div>
            </CardContent>
          </Card>
        </Section>

        <Section title="Alerts">
          <div className="grid gap-3">
            <Alert>
              <AlertTitle>Default alert</AlertTitle>
              <AlertDescription>Your next delivery is on the 3rd Tuesday of the month.</AlertDescription>
            </Alert>
            <Alert variant="info" action={<Button size="sm">Link account instead</Button>}>
              <AlertTitle>Only existing customers may create accounts</AlertTitle>
              <AlertDescription>Link your online account with your account number and security code.</AlertDescription>
            </Alert>
            <Alert variant="success">
              <AlertTitle>Payment received</AlertTitle>
              <AlertDescription>{formatMoney(4250)} was applied to your balance.</AlertDescription>
            </Alert>
            <Alert variant="warning">
              <AlertTitle>Resource limit warning</AlertTitle>
              <AlertDescription>Text usage is at 85% of this month's limit.</AlertDescription>
            </Alert>
            <Alert variant="destructive">
              <AlertTitle>Payment declined</AlertTitle>
              <AlertDescription>The card was declined. Try another payment method.</AlertDescription>
            </Alert>
          </div>
        </Section>

        <Section title="Cards, tabs, skeletons">
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Balance</CardTitle>
                <CardDescription>Account 1234567 - Acme Dental</CardDescription>
                <CardAction>
                  <Badge variant="destructive">Past due</Badge>
                </CardAction>
              </CardHeader>
              <CardContent>
                <p className="font-semibold text-3xl tabular-nums">{formatMoney(123450)}</p>
                <p className="text-muted-foreground text-sm">Credit: {formatMoney(-500)}</p>
              </CardContent>
              <CardFooter className="border-t">
                <Button>Make a payment</Button>
                <Button variant="ghost">History</Button>
              </CardFooter>
            </Card>
            <Card>
              <CardContent>
                <Tabs defaultValue="upcoming">
                  <TabsList>
                    <TabsTrigger value="upcoming">Upcoming</TabsTrigger>
                    <TabsTrigger value="past">Past</TabsTrigger>
                    <TabsTrigger value="loading">Loading</TabsTrigger>
                  </TabsList>
                  <TabsContent value="upcoming" className="grid gap-2 text-sm">
                    <p className="flex items-center gap-2">
                      <TruckIcon aria-hidden="true" className="size-4 text-muted-foreground" /> Order{" "}
                      {formatOrderId("100234")} on the {ordinal(21)}
                    </p>
                    <p>Ordinals: {[1, 2, 3, 11, 12, 13, 21, 22, 103].map(ordinal).join(", ")}</p>
                    <p>Masked order id: "{formatOrderId("10*236")}"</p>
                  </TabsContent>
                  <TabsContent value="past">No past deliveries.</TabsContent>
                  <TabsContent value="loading">Loading...</TabsContent>
                </Tabs>
                <Separator className="my-4" />
                <div className="grid gap-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-4 w-1/2" />
                  <div className="flex items-center gap-3">
                    <Skeleton className="size-8 rounded-full" />
                    <Skeleton className="h-4 flex-1" />
                  </div>
                  <div className="flex items-center gap-2 text-muted-foreground text-sm">
                    <Spinner /> Loading deliveries
                  </div>
                </div>
              </CardContent>
            </Card>
          </div>
        </Section>

        <Section title="Table">
          <Card className="py-0">
            <Table>
              <TableCaption className="pb-3">Sortable by amount (click the header).</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-10">
                    <Checkbox aria-label="Select all" />
                  </TableHead>
                  <TableHead>Order</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead>Stop</TableHead>
                  <TableHead
                    className="text-right"
                    sort={sort}
                    onSort={() => setSort((s) => (s === "asc" ? "desc" : "asc"))}
                  >
                    Amount
                  </TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="w-10">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>
                      <Checkbox aria-label={`Select ${row.customer}`} />
                    </TableCell>
                    <TableCell className="font-medium">{formatOrderId(row.id) || "-"}</TableCell>
                    <TableCell>{row.customer}</TableCell>
                    <TableCell>{ordinal(row.stop)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(row.amount)}</TableCell>
                    <TableCell>
                      <Badge
                        variant={
                          row.status === "Delivered" ? "success" : row.status === "Skipped" ? "secondary" : "info"
                        }
                      >
                        {row.status}
                      </Badge>
                    </TableCell>
                    <TableCell>
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${row.customer}`}>
                            <EllipsisIcon />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          <DropdownMenuItem>Edit</DropdownMenuItem>
                          <DropdownMenuItem variant="destructive">
                            <Trash2Icon /> Cancel delivery
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        </Section>

        <Section title="Empty state">
          <EmptyState
            icon={<PackageIcon />}
            title="No orders yet"
            description="Orders placed in the shop show up here."
            action={<Button variant="outline">Go to the shop</Button>}
          />
        </Section>

        <Section title="Overlays and toasts">
          <div className="flex flex-wrap gap-2">
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="outline">Open dialog</Button>
              </DialogTrigger>
              <DialogContent>
                <DialogHeader>
                  <DialogTitle>Sign in</DialogTitle>
                  <DialogDescription>Log in to order from the shop.</DialogDescription>
                </DialogHeader>
                <div className="grid gap-3">
                  <FormField label="Username or email">
                    <Input autoComplete="username" />
                  </FormField>
                  <FormField label="Password">
                    <PasswordInput />
                  </FormField>
                </div>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">Cancel</Button>
                  </DialogClose>
                  <Button>Sign in</Button>
                </DialogFooter>
              </DialogContent>
            </Dialog>

            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline">Alert dialog</Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Remove this payment method?</AlertDialogTitle>
                  <AlertDialogDescription>Autopay using this card stops immediately.</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep it</AlertDialogCancel>
                  <AlertDialogAction variant="destructive">Remove</AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>

            <ConfirmDialog
              trigger={
                <Button variant="destructive">
                  <Trash2Icon /> Delete lead
                </Button>
              }
              title="Delete this lead?"
              description="This cannot be undone."
              destructive
              onConfirm={() =>
                new Promise<void>((resolve) => {
                  setTimeout(() => {
                    toast.success("Lead deleted");
                    resolve();
                  }, 600);
                })
              }
            />

            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">Dropdown menu</Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start" className="w-52">
                <DropdownMenuLabel>My account</DropdownMenuLabel>
                <DropdownMenuItem>
                  Billing <DropdownMenuShortcut>B</DropdownMenuShortcut>
                </DropdownMenuItem>
                <DropdownMenuItem>Deliveries</DropdownMenuItem>
                <DropdownMenuCheckboxItem checked={mode === "dark"} onCheckedChange={toggleMode}>
                  Dark Mode
                </DropdownMenuCheckboxItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive">Log out</DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>

            <SimpleTooltip content="Tooltips explain icon-only buttons">
              <Button variant="outline">Hover for tooltip</Button>
            </SimpleTooltip>

            <Sheet>
              <SheetTrigger asChild>
                <Button variant="outline">Open sheet</Button>
              </SheetTrigger>
              <SheetContent>
                <SheetHeader>
                  <SheetTitle>Cart</SheetTitle>
                  <SheetDescription>2 items</SheetDescription>
                </SheetHeader>
                <SheetBody className="text-sm">5 gal spring water x 2 - {formatMoney(1398)}</SheetBody>
              </SheetContent>
            </Sheet>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => toast("Delivery rescheduled")}>
              Toast
            </Button>
            <Button variant="secondary" onClick={() => toast.success("Payment saved")}>
              Success toast
            </Button>
            <Button variant="secondary" onClick={() => toast.error("Card declined")}>
              Error toast
            </Button>
            <Button variant="secondary" onClick={() => toast.info("Your driver is 10 minutes away")}>
              Info toast
            </Button>
          </div>
        </Section>
      </main>
    </div>
  );
}
