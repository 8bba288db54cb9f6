-- CreateTable
CREATE TABLE "LeadImportKey" (
    "branchId" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "leadId" TEXT NOT NULL,

    CONSTRAINT "LeadImportKey_pkey" PRIMARY KEY ("fileId","key")
);

-- AddForeignKey
ALTER TABLE "LeadImportKey" ADD CONSTRAINT "LeadImportKey_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "LeadImportFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
