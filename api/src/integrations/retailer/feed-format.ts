import { z } from "zod";

// The retailer referral feed's JSON format, spoken by the real client (feed-client.ts) and the local
// stand-in (stand-in.ts) alike. Every call carries the dealer's account and secret:
//   Authorization: Bearer <secret>
//   GET  {base}/v1/dealers/{account}/referrals          { referrals: Referral[] } (open ones, newest first)
//   GET  {base}/v1/dealers/{account}/stores             { stores: Store[] }
//   GET  {base}/v1/dealers/{account}/services           { services: Service[] }
//   GET  {base}/v1/dealers/{account}/employees          { employees: Employee[] }
//   POST {base}/v1/dealers/{account}/referrals/{id}/status  { status, dealerLeadId, reason }
//        -> { referralId, status, confirmed: true }
// A referral another dealer opened first comes with status OPENED (it is still listed).

const text = (max: number) => z.string().max(max).default("");

export const referralSchema = z.object({
  referralId: z.string().min(1).max(100),
  storeNumber: text(50),
  serviceCode: text(50),
  employeeId: text(50),
  referredAt: z.string().max(40).optional(),
  status: z.enum(["NEW", "OPENED"]).default("NEW"),
  customer: z
    .object({
      firstName: text(200),
      lastName: text(200),
      email: text(400),
      phone: text(100),
      address: text(400),
      city: text(200),
      state: text(20),
      zip: text(20),
    })
    .default({ firstName: "", lastName: "", email: "", phone: "", address: "", city: "", state: "", zip: "" }),
  notes: text(4000),
});
export type Referral = z.infer<typeof referralSchema>;

export const storeSchema = z.object({
  storeNumber: z.string().min(1).max(50),
  name: text(200),
  city: text(100),
  state: text(20),
});
export const serviceSchema = z.object({ code: z.string().min(1).max(50), name: text(200) });
export const employeeSchema = z.object({
  employeeId: z.string().min(1).max(50),
  name: text(200),
  storeNumber: text(50),
});
export type FeedStore = z.infer<typeof storeSchema>;
export type FeedService = z.infer<typeof serviceSchema>;
export type FeedEmployee = z.infer<typeof employeeSchema>;

/** What the dealer tells the retailer about a referral. */
export type WriteBackStatus = "ACCEPTED" | "DECLINED";
export type WriteBack = { status: WriteBackStatus; dealerLeadId: string | null; reason: string };
export const writeBackSchema = z.object({
  status: z.enum(["ACCEPTED", "DECLINED"]),
  dealerLeadId: z.string().max(100).nullable().default(null),
  reason: z.string().max(500).default(""),
});

/** The most items of one list the client takes from one answer. */
export const FEED_LIST_LIMIT = 1000;
