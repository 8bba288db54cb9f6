-- DropForeignKey
ALTER TABLE "LeadImportKey" DROP CONSTRAINT "LeadImportKey_fileId_fkey";

-- DropTable
DROP TABLE "LeadImportKey";
