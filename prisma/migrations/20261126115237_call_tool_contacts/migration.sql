-- CreateTable
CREATE TABLE "CallToolContact" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL,
    "phone2" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "stateCode" TEXT NOT NULL DEFAULT '',
    "postalCode" TEXT NOT NULL DEFAULT '',
    "zoneId" TEXT,
    "leadSourceId" TEXT,
    "createdByPersonId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CallToolContact_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CallToolContact_leadId_key" ON "CallToolContact"("leadId");

-- CreateIndex
CREATE INDEX "CallToolContact_branchId_createdAt_idx" ON "CallToolContact"("branchId", "createdAt");
