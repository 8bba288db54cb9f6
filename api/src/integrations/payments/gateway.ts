import type { Config } from "../../config.ts";
import type { Branch, PrismaClient } from "../../generated/prisma/client.ts";
import { NmiGateway } from "./nmi.ts";
import { SandboxGateway } from "./sandbox.ts";
import type { PaymentGateway } from "./types.ts";

// The payment gateway behind card and ACH payments (DESIGN "Real components"): an interface with two
// real implementations, the embedded sandbox (default) and NMI (Direct Post API + Collect.js tokens).
// Card and account numbers never reach our server in NMI mode and never leave memory in sandbox mode:
// what we store is the gateway's vault id, a brand, the last four digits and an expiration.

export type { GatewayOutcome, GatewayResponse, PaymentGateway, PaymentSource, TokenDetails } from "./types.ts";
export { emptyResponse } from "./types.ts";

/**
 * The gateway of a branch: NMI when PAYMENT_GATEWAY=nmi and the branch has its NMI security key
 * (paymentApiKey); otherwise the sandbox. See docs/decisions/0151-payment-gateway-choice.md.
 */
export function paymentGatewayFor(
  runtime: { config: Pick<Config, "PAYMENT_GATEWAY" | "NMI_URL" | "NMI_TIMEOUT_MS">; prisma: PrismaClient },
  branch: Pick<Branch, "paymentApiKey">,
): PaymentGateway {
  if (runtime.config.PAYMENT_GATEWAY === "nmi" && branch.paymentApiKey)
    return new NmiGateway({
      url: runtime.config.NMI_URL,
      securityKey: branch.paymentApiKey,
      timeoutMs: runtime.config.NMI_TIMEOUT_MS,
    });
  return new SandboxGateway(runtime.prisma);
}

/** Which gateway the web should tokenize with (the payment page loads Collect.js only for NMI). */
export function gatewayModeFor(
  config: Pick<Config, "PAYMENT_GATEWAY">,
  branch: Pick<Branch, "paymentApiKey">,
): "SANDBOX" | "NMI" {
  return config.PAYMENT_GATEWAY === "nmi" && branch.paymentApiKey ? "NMI" : "SANDBOX";
}
