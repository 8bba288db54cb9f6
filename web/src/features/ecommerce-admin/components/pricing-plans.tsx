import { zodResolver } from "@hookform/resolvers/zod";
import { CheckIcon, EllipsisIcon, PlusIcon, TagsIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { describeRequestError } from "@/lib/query-client";
import { cn } from "@/lib/utils";
import {
  type PricingPlan,
  type StorefrontSetup,
  useCreatePricingPlan,
  useRefreshStorefront,
  useSetPricingPlan,
  useUpdatePricingPlan,
} from "../api";
import { type PricingPlanValues, pricingPlanSchema } from "../schema";
import { RootError } from "./storefront-forms";

function PlanDialog({ plan, open, onClose }: { plan: PricingPlan | null; open: boolean; onClose: () => void }) {
  const create = useCreatePricingPlan();
  const update = useUpdatePricingPlan();
  const refresh = useRefreshStorefront();
  const form = useForm<PricingPlanValues>({
    resolver: zodResolver(pricingPlanSchema),
    values: { name: plan?.name ?? "", discountPercent: String(plan?.discountPercent ?? 0) },
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      if (plan) {
        await update.mutateAsync({
          input: { pricingPlanId: plan.id, name: v.name, discountPercent: Number(v.discountPercent) },
        });
        toast.success(`${v.name} saved.`);
      } else {
        await create.mutateAsync({ input: { name: v.name, discountPercent: Number(v.discountPercent) } });
        toast.success(`${v.name} created.`);
      }
      await refresh();
      onClose();
    } catch (error) {
      form.setError("root", { message: describeRequestError(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{plan ? "Edit pricing plan" : "New pricing plan"}</DialogTitle>
          <DialogDescription>A plan takes a percentage off list prices for the customers on it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4">
          <FormField label="Name" error={errors.name?.message} required>
            <Input autoFocus {...form.register("name")} />
          </FormField>
          <FormField label="Discount (%)" error={errors.discountPercent?.message} description="0 to 100.">
            <Input inputMode="numeric" className="w-28" {...form.register("discountPercent")} />
          </FormField>
          <RootError message={errors.root?.message} />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner size="sm" className="text-current" /> : null}
              {plan ? "Save plan" : "Create plan"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Pricing plans: list, create, edit, (de)activate, and "set pricing plan" (the shop's default). */
export function PricingPlans({ setup }: { setup: StorefrontSetup }) {
  const plans = setup.pricingPlans;
  const setDefault = useSetPricingPlan();
  const update = useUpdatePricingPlan();
  const refresh = useRefreshStorefront();
  const [editing, setEditing] = useState<PricingPlan | null>(null);
  const [creating, setCreating] = useState(false);
  const current = plans.find((p) => p.isDefault) ?? null;

  async function makeDefault(plan: PricingPlan | null) {
    try {
      const r = await setDefault.mutateAsync({ pricingPlanId: plan?.id ?? null });
      toast.success(r.setPricingPlan.message);
      await refresh();
    } catch (error) {
      toast.error(describeRequestError(error));
    }
  }

  async function toggleActive(plan: PricingPlan) {
    try {
      await update.mutateAsync({ input: { pricingPlanId: plan.id, inactive: !plan.inactive } });
      toast.success(plan.inactive ? `${plan.name} is active again.` : `${plan.name} is now inactive.`);
      await refresh();
    } catch (error) {
      toast.error(describeRequestError(error));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Pricing plans</h2>
        </CardTitle>
        <CardDescription>
          {current
            ? `The shop prices with ${current.name} (${current.discountPercent}% off list prices).`
            : "The shop uses list prices. Make a plan the default to price the shop with it."}
        </CardDescription>
        <CardAction>
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            New plan
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {plans.length === 0 ? (
          <EmptyState
            icon={<TagsIcon aria-hidden="true" />}
            title="No pricing plans yet"
            description="Create plans such as Commercial or Employee pricing, then choose the shop's default."
          />
        ) : (
          <Table aria-label="Pricing plans">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Plan</TableHead>
                <TableHead className="text-right">Discount</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="w-40">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {plans.map((plan) => (
                <TableRow key={plan.id} className={cn(plan.inactive && "text-muted-foreground")}>
                  <TableCell className="font-medium">
                    {plan.name}
                    {plan.isDefault ? (
                      <Badge variant="success" className="ml-2">
                        <CheckIcon aria-hidden="true" />
                        Shop default
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{plan.discountPercent}%</TableCell>
                  <TableCell>
                    {plan.inactive ? (
                      <Badge variant="outline">Inactive</Badge>
                    ) : (
                      <Badge variant="secondary">Active</Badge>
                    )}
                  </TableCell>
                  <TableCell className="py-1 text-right">
                    <div className="flex items-center justify-end gap-1">
                      {!plan.isDefault && !plan.inactive ? (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={setDefault.isPending}
                          onClick={() => void makeDefault(plan)}
                        >
                          Make default
                        </Button>
                      ) : null}
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button variant="ghost" size="icon-sm" aria-label={`More actions for ${plan.name}`}>
                            <EllipsisIcon aria-hidden="true" />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          <DropdownMenuItem onSelect={() => setEditing(plan)}>Edit</DropdownMenuItem>
                          {plan.isDefault ? (
                            <DropdownMenuItem onSelect={() => void makeDefault(null)}>
                              Use list prices instead
                            </DropdownMenuItem>
                          ) : null}
                          <DropdownMenuSeparator />
                          <DropdownMenuItem disabled={plan.isDefault} onSelect={() => void toggleActive(plan)}>
                            {plan.inactive ? "Make active" : "Make inactive"}
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <PlanDialog
        key={editing?.id ?? (creating ? "new" : "closed")}
        plan={editing}
        open={creating || editing !== null}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Card>
  );
}
