-- Performance (issue 12): the lines of a statement or an invoice are loaded by these keys (billing page).
CREATE INDEX "Transaction_statementId_idx" ON "Transaction"("statementId");

CREATE INDEX "Transaction_invoiceId_idx" ON "Transaction"("invoiceId");
