import { clock } from "../../clock.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

// Demo what's-new posts, one for each audience, published over the last weeks, and one portal banner
// template ("Holiday schedule") for the demo branch. The template is never shown by itself: an admin
// starts a banner from it (so the demo's portal pages, and the tests that look at them, have no banner).

type Tx = Prisma.TransactionClient;
const DAY = 86_400_000;

const POSTS = [
  {
    id: "5c0b7a52-8f0e-4d4e-9b1a-000000000001",
    daysAgo: 2,
    audience: "ALL",
    emphasis: "HEADER",
    title: "A fresh look for the portal",
    bodyHtml:
      "<p>The portal has a new, cleaner design with a <strong>dark mode</strong>. Switch it on from the menu under <em>Dark Mode</em>.</p>",
  },
  {
    id: "5c0b7a52-8f0e-4d4e-9b1a-000000000002",
    daysAgo: 6,
    audience: "CUSTOMER",
    emphasis: "IMPORTANT",
    title: "Change your deliveries online",
    bodyHtml:
      '<p>You can now schedule, change or cancel a delivery yourself under <a href="/Deliveries">Deliveries</a>, until 3 PM the day before.</p>',
  },
  {
    id: "5c0b7a52-8f0e-4d4e-9b1a-000000000003",
    daysAgo: 9,
    audience: "EMPLOYEE_AND_CUSTOMER",
    emphasis: "NORMAL",
    title: "Pay by bank account",
    bodyHtml: "<p>Payments by bank account (ACH) are accepted on the payment page and for automatic payments.</p>",
  },
  {
    id: "5c0b7a52-8f0e-4d4e-9b1a-000000000004",
    daysAgo: 12,
    audience: "EMPLOYEE",
    emphasis: "NORMAL",
    title: "Shop photos from the inventory page",
    bodyHtml:
      "<p>Upload up to 12 photos per item on <strong>Inventory</strong>; the first one is the shop's main photo.</p>",
  },
  {
    id: "5c0b7a52-8f0e-4d4e-9b1a-000000000005",
    daysAgo: 20,
    audience: "ADMIN",
    emphasis: "SUBTLE",
    title: "Message audit in the admin console",
    bodyHtml:
      "<p>Every mail, text and robo call of every branch, with its delivery status, under <em>Text/Call Usage</em>.</p>",
  },
] as const;

export async function seedAnnouncements(tx: Tx, now = clock.now()): Promise<void> {
  if ((await tx.whatsNewPost.count()) === 0) {
    await tx.whatsNewPost.createMany({
      data: POSTS.map(({ daysAgo, ...p }) => ({
        ...p,
        publishedAt: new Date(now.getTime() - daysAgo * DAY),
        updatedAt: now,
      })),
    });
  }
  const demo = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (demo && (await tx.portalBanner.count({ where: { isTemplate: true } })) === 0) {
    const start = new Date(Math.floor(now.getTime() / DAY) * DAY);
    await tx.portalBanner.create({
      data: {
        branchId: demo.id,
        bodyHtml:
          "<p><strong>Holiday schedule:</strong> no deliveries on the holiday; routes run one day later that week.</p>",
        backgroundColor: "#FACC15",
        startTime: start,
        endTime: new Date(start.getTime() + 7 * DAY),
        targetPortal: "CUSTOMER_PORTAL",
        isTemplate: true,
        templateName: "Holiday schedule",
      },
    });
  }
}
