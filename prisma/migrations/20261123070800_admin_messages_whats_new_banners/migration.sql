-- Admin console (issue 10): message delivery status on the outbox, what's-new posts, portal banners.

-- CreateEnum
CREATE TYPE "MessageDeliveryStatus" AS ENUM ('BUSY', 'CANCELED', 'DELIVERED_NORMALLY', 'EXPIRED', 'GATEWAY_REJECTED', 'GATEWAY_UNAVAILABLE', 'ON_DO_NOT_TEXT_LIST', 'OUTSIDE_ALLOWED_TIME', 'PARTIALLY_DELIVERED', 'PENDING', 'PLATFORM_NETWORK_FAILED', 'SENDING', 'SENT_TO_CARRIER', 'TIMEOUT', 'UNANSWERED', 'UNUSED');

-- CreateEnum
CREATE TYPE "Audience" AS ENUM ('ADMIN', 'ALL', 'CUSTOMER', 'EMPLOYEE', 'EMPLOYEE_AND_CUSTOMER');

-- CreateEnum
CREATE TYPE "BannerTargetPortal" AS ENUM ('CUSTOMER_PORTAL', 'SHOP', 'TEAM');

-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "durationSeconds" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "segments" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "status" "MessageDeliveryStatus" NOT NULL DEFAULT 'PENDING';

-- Mail written before the status existed: sent, failed, or still waiting.
UPDATE "OutboxMessage" SET "status" = CASE
  WHEN "error" <> '' THEN 'GATEWAY_UNAVAILABLE'::"MessageDeliveryStatus"
  WHEN "sentAt" IS NOT NULL THEN 'SENT_TO_CARRIER'::"MessageDeliveryStatus"
  ELSE 'PENDING'::"MessageDeliveryStatus" END;

-- CreateTable
CREATE TABLE "WhatsNewPost" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "bodyHtml" TEXT NOT NULL DEFAULT '',
    "imageUrls" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "audience" "Audience" NOT NULL DEFAULT 'ALL',
    "emphasis" "Emphasis" NOT NULL DEFAULT 'NORMAL',
    "publishedAt" TIMESTAMP(3) NOT NULL,
    "authorUserId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WhatsNewPost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalBanner" (
    "id" TEXT NOT NULL,
    "branchId" TEXT,
    "bodyHtml" TEXT NOT NULL,
    "backgroundColor" TEXT NOT NULL DEFAULT '#FACC15',
    "startTime" TIMESTAMP(3) NOT NULL,
    "endTime" TIMESTAMP(3) NOT NULL,
    "targetPortal" "BannerTargetPortal" NOT NULL DEFAULT 'CUSTOMER_PORTAL',
    "isTemplate" BOOLEAN NOT NULL DEFAULT false,
    "templateName" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalBanner_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OutboxMessage_branchId_createdAt_idx" ON "OutboxMessage"("branchId", "createdAt");

-- CreateIndex
CREATE INDEX "WhatsNewPost_publishedAt_idx" ON "WhatsNewPost"("publishedAt");

-- CreateIndex
CREATE INDEX "PortalBanner_branchId_targetPortal_startTime_idx" ON "PortalBanner"("branchId", "targetPortal", "startTime");
