-- CreateEnum
CREATE TYPE "EmailTokenKind" AS ENUM ('VERIFY_EMAIL', 'RESET_PASSWORD');

-- CreateEnum
CREATE TYPE "PaymentResult" AS ENUM ('DECLINED', 'FAILURE', 'SUCCESS');

-- CreateTable
CREATE TABLE "EmailToken" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" "EmailTokenKind" NOT NULL,
    "email" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentAttempt" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'PORTAL',
    "amountCents" INTEGER NOT NULL,
    "result" "PaymentResult" NOT NULL,
    "responseText" TEXT NOT NULL DEFAULT '',
    "gatewayTransactionId" TEXT NOT NULL DEFAULT '',
    "avsResult" TEXT NOT NULL DEFAULT '',
    "cvvResult" TEXT NOT NULL DEFAULT '',
    "paymentAccountId" TEXT,
    "maskedAccountNumber" TEXT NOT NULL DEFAULT '',
    "transactionId" TEXT,
    "invoiceIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "voidedAt" TIMESTAMP(3),
    "createdByUserId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutoPayRun" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "result" "PaymentResult" NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "amountCents" INTEGER NOT NULL,
    "attemptId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AutoPayRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxVaultEntry" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "brand" TEXT NOT NULL DEFAULT '',
    "last4" TEXT NOT NULL,
    "expiration" TEXT NOT NULL DEFAULT '',
    "behavior" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SandboxVaultEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Warehouse" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "externalId" TEXT NOT NULL DEFAULT '',
    "inactive" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Warehouse_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InventoryStock" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "warehouseId" TEXT NOT NULL,
    "catalogItemId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "InventoryStock_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductMedia" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "catalogItemId" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "extension" TEXT NOT NULL,
    "fileName" TEXT NOT NULL DEFAULT '',
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProductMedia_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShoppingCartItem" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "clientCartId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "userId" TEXT,
    "lastModified" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShoppingCartItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StorefrontConfig" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "bannerHtml" TEXT NOT NULL DEFAULT '',
    "footerHtml" TEXT NOT NULL DEFAULT '',
    "websiteTitle" TEXT NOT NULL DEFAULT '',
    "websiteDescription" TEXT NOT NULL DEFAULT '',
    "contactEmail" TEXT NOT NULL DEFAULT '',
    "shippingCents" INTEGER NOT NULL DEFAULT 0,
    "shippingTaxable" BOOLEAN NOT NULL DEFAULT false,
    "saleWorkflowShortcutId" TEXT,
    "defaultPricingPlanId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StorefrontConfig_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PricingPlan" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "discountPercent" INTEGER NOT NULL DEFAULT 0,
    "inactive" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "PricingPlan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OnlineOrder" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "serviceAddressId" TEXT NOT NULL,
    "workOrderId" TEXT,
    "purchaseOrderId" TEXT,
    "clientCartId" TEXT NOT NULL,
    "userId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "scheduledDate" DATE,
    "completedDate" DATE,
    "subtotalCents" INTEGER NOT NULL,
    "taxCents" INTEGER NOT NULL,
    "shippingCents" INTEGER NOT NULL,
    "shippingTaxCents" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "paymentAttemptId" TEXT,
    "invoiceId" TEXT,
    "surchargeWaived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OnlineOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OnlineOrderLine" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unitPriceCents" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "salesTaxCents" INTEGER NOT NULL,

    CONSTRAINT "OnlineOrderLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EmailToken_userId_kind_idx" ON "EmailToken"("userId", "kind");

-- CreateIndex
CREATE INDEX "PaymentAttempt_branchId_customerId_createdAt_idx" ON "PaymentAttempt"("branchId", "customerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAttempt_branchId_idempotencyKey_key" ON "PaymentAttempt"("branchId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "AutoPayRun_customerId_period_key" ON "AutoPayRun"("customerId", "period");

-- CreateIndex
CREATE UNIQUE INDEX "Warehouse_branchId_name_key" ON "Warehouse"("branchId", "name");

-- CreateIndex
CREATE INDEX "InventoryStock_branchId_catalogItemId_idx" ON "InventoryStock"("branchId", "catalogItemId");

-- CreateIndex
CREATE UNIQUE INDEX "InventoryStock_warehouseId_catalogItemId_key" ON "InventoryStock"("warehouseId", "catalogItemId");

-- CreateIndex
CREATE INDEX "ProductMedia_branchId_catalogItemId_sortOrder_idx" ON "ProductMedia"("branchId", "catalogItemId", "sortOrder");

-- CreateIndex
CREATE INDEX "ShoppingCartItem_branchId_lastModified_idx" ON "ShoppingCartItem"("branchId", "lastModified");

-- CreateIndex
CREATE UNIQUE INDEX "ShoppingCartItem_branchId_clientCartId_itemId_key" ON "ShoppingCartItem"("branchId", "clientCartId", "itemId");

-- CreateIndex
CREATE UNIQUE INDEX "StorefrontConfig_branchId_key" ON "StorefrontConfig"("branchId");

-- CreateIndex
CREATE UNIQUE INDEX "PricingPlan_branchId_name_key" ON "PricingPlan"("branchId", "name");

-- CreateIndex
CREATE INDEX "OnlineOrder_branchId_customerId_createdAt_idx" ON "OnlineOrder"("branchId", "customerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OnlineOrder_branchId_number_key" ON "OnlineOrder"("branchId", "number");

-- AddForeignKey
ALTER TABLE "InventoryStock" ADD CONSTRAINT "InventoryStock_warehouseId_fkey" FOREIGN KEY ("warehouseId") REFERENCES "Warehouse"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OnlineOrderLine" ADD CONSTRAINT "OnlineOrderLine_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "OnlineOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;
