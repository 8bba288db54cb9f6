import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CollectJsFields } from "./collect-js-fields";
import type { NewMethodFormProps } from "./method-form-parts";
import { SandboxBankFields } from "./sandbox-bank-fields";
import { SandboxCardFields } from "./sandbox-card-fields";
import { SandboxHint } from "./sandbox-hint";

export type { MethodDraft, NewMethodFormProps } from "./method-form-parts";

/**
 * A new card or bank account, tokenized through the branch's gateway (sandbox tokenizer or
 * Collect.js). Only the kinds the branch accepts are offered.
 */
export function NewMethodForm(props: NewMethodFormProps) {
  const { settings } = props;
  const kinds = [
    ...(settings.allowBankCard ? (["CARD"] as const) : []),
    ...(settings.allowAch ? (["ACH"] as const) : []),
  ];
  const [kind, setKind] = useState<"CARD" | "ACH">(props.draft?.kind ?? kinds[0] ?? "CARD");
  if (!kinds.length || settings.gateway === "NONE")
    return (
      <Alert variant="warning">
        <AlertDescription>Online payments are not available for this account. Please call us to pay.</AlertDescription>
      </Alert>
    );
  const body = (k: "CARD" | "ACH") =>
    settings.gateway === "NMI" ? (
      <CollectJsFields {...props} kind={k} />
    ) : k === "CARD" ? (
      <SandboxCardFields {...props} />
    ) : (
      <SandboxBankFields {...props} />
    );
  return (
    <div className="grid gap-3">
      {kinds.length > 1 ? (
        <Tabs value={kind} onValueChange={(v) => setKind(v as "CARD" | "ACH")}>
          <TabsList aria-label="Payment method type">
            <TabsTrigger value="CARD">Card</TabsTrigger>
            <TabsTrigger value="ACH">Bank account</TabsTrigger>
          </TabsList>
          <TabsContent value="CARD" className="pt-2">
            {body("CARD")}
          </TabsContent>
          <TabsContent value="ACH" className="pt-2">
            {body("ACH")}
          </TabsContent>
        </Tabs>
      ) : (
        body(kinds[0]!)
      )}
      {settings.gateway === "SANDBOX" ? <SandboxHint numbers={settings.sandboxTestNumbers} /> : null}
    </div>
  );
}
