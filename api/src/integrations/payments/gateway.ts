import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
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

export const NO_GATEWAY_MESSAGE = "This branch does not take online payments yet. Please call the office to pay.";

/**
 * The gateway of a branch: NMI when PAYMENT_GATEWAY=nmi and the branch has its NMI security key
 * (paymentApiKey). Without a key: the sandbox in development, and no payments at all in production,
 * where test money must never stand in for real money. See docs/decisions/0151-payment-gateway-choice.md.
 */
export function paymentGatewayFor(
  runtime: {
    config: Pick<Config, "PAYMENT_GATEWAY" | "NMI_URL" | "NMI_TIMEOUT_MS" | "NODE_ENV">;
    prisma: PrismaClient;
  },
  branch: Pick<Branch, "paymentApiKey">,
): PaymentGateway {
  const mode = gatewayModeFor(runtime.config, branch);
  if (mode === "NONE") throw new AppError("BAD_USER_INPUT", NO_GATEWAY_MESSAGE);
  if (mode === "NMI")
    return new NmiGateway({
      url: runtime.config.NMI_URL,
      securityKey: branch.paymentApiKey!,
      timeoutMs: runtime.config.NMI_TIMEOUT_MS,
    });
  return new SandboxGateway(runtime.prisma);
}

/** Which gateway the web should tokenize with (the payment page loads Collect.js only for NMI). */
export function gatewayModeFor(
  config: Pick<Config, "PAYMENT_GATEWAY" | "NODE_ENV">,
  branch: Pick<Branch, "paymentApiKey">,
): "SANDBOX" | "NMI" | "NONE" {
  if (config.PAYMENT_GATEWAY === "sandbox") return "SANDBOX";
  if (branch.paymentApiKey) return "NMI";
  return sandboxAllowed(config) ? "SANDBOX" : "NONE";
}

/** The sandbox (and its /sandbox-gateway/ tokenizer) runs unless production asked for NMI. */
export function sandboxAllowed(config: Pick<Config, "PAYMENT_GATEWAY" | "NODE_ENV">): boolean {
  return config.PAYMENT_GATEWAY === "sandbox" || config.NODE_ENV !== "production";
}
