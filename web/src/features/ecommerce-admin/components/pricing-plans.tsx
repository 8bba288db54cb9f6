import { CheckIcon, EllipsisIcon, PlusIcon, TagsIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { FormDialog, TextField, useZodForm } from "@/components/form";
import { numeric, TableHeads } from "@/components/table-heads";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import {
  type PricingPlan,
  type StorefrontSetup,
  useCreatePricingPlan,
  useSetPricingPlan,
  useUpdatePricingPlan,
} from "../api";
import { type PricingPlanValues, pricingPlanSchema } from "../schema";

function PlanDialog({ plan, open, onClose }: { plan: PricingPlan | null; open: boolean; onClose: () => void }) {
  const create = useCreatePricingPlan({ successToast: (_, v) => `${v.input.name} created.` });
  const update = useUpdatePricingPlan({ successToast: (_, v) => `${v.input.name} saved.` });
  const values = (): PricingPlanValues => ({
    name: plan?.name ?? "",
    discountPercent: String(plan?.discountPercent ?? 0),
  });
  const form = useZodForm(pricingPlanSchema, values());
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the plan each time the dialog opens
  useEffect(() => {
    if (open) form.reset(values());
  }, [open, plan]);

  const save = (v: PricingPlanValues) =>
    plan
      ? update.mutateQuietly({
          input: { pricingPlanId: plan.id, name: v.name, discountPercent: Number(v.discountPercent) },
        })
      : create.mutateQuietly({ input: { name: v.name, discountPercent: Number(v.discountPercent) } });

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      form={form}
      title={plan ? "Edit pricing plan" : "New pricing plan"}
      description="A plan takes a percentage off list prices for the customers on it."
      className="sm:max-w-md"
      submitLabel={plan ? "Save plan" : "Create plan"}
      pending={create.isPending || update.isPending}
      labels={{ discountPercent: "discount" }}
      onSubmit={save}
    >
      <TextField control={form.control} name="name" label="Name" required autoFocus />
      <TextField
        control={form.control}
        name="discountPercent"
        label="Discount (%)"
        description="0 to 100."
        inputMode="numeric"
        inputClassName="w-28"
      />
    </FormDialog>
  );
}

/** Pricing plans: list, create, edit, (de)activate, and "set pricing plan" (the shop's default). */
export function PricingPlans({ setup }: { setup: StorefrontSetup }) {
  const plans = setup.pricingPlans;
  const setDefault = useSetPricingPlan();
  const update = useUpdatePricingPlan({
    successToast: (_, v) => {
      const plan = plans.find((p) => p.id === v.input.pricingPlanId);
      return plan ? (v.input.inactive ? `${plan.name} is now inactive.` : `${plan.name} is active again.`) : null;
    },
  });
  const [editing, setEditing] = useState<PricingPlan | null>(null);
  const [creating, setCreating] = useState(false);
  const current = plans.find((p) => p.isDefault) ?? null;

  const makeDefault = (plan: PricingPlan | null) => setDefault.run({ pricingPlanId: plan?.id ?? null });
  const toggleActive = (plan: PricingPlan) =>
    update.run({ input: { pricingPlanId: plan.id, inactive: !plan.inactive } });

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
            <TableHeads
              rowClassName="hover:bg-transparent"
              columns={["Plan", numeric("Discount"), "Status", { label: "Actions", className: "w-40", srOnly: true }]}
            />
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
