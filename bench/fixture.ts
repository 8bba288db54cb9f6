// Prepares a benchmark database and exits: migrations, the demo seed, and the billing history the
// `billing` scenario reads (customer 100001 of the demo branch, linked to customer@demo.test, gets
// older statements until it has BILLING_STATEMENTS, each with its transactions). Run by bench/run.ts
// before the server starts, so that the server's start is a reopening (what the cold-start figure
// measures), exactly as after a deployment.
//
//   bun bench/fixture.ts <dataDir>            (embedded PGlite in <dataDir>)
//   DATABASE_URL=postgresql://... bun bench/fixture.ts
import { openDatabase } from "../api/src/db/client.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { seedDemo } from "../api/src/db/seed.ts";

export const BILLING_STATEMENTS = 12;
const TRANSACTIONS_PER_STATEMENT = 8;
const DAY_MS = 86_400_000;

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.argv[2] });
try {
  await applyMigrations(database.migrationTarget);
  await seedDemo(database.prisma);
  const prisma = database.prisma;
  const branch = await prisma.branch.findUniqueOrThrow({ where: { host: "demo" } });
  const customer = await prisma.customer.findFirstOrThrow({ where: { branchId: branch.id, accountNumber: "100001" } });
  const existing = await prisma.statement.findMany({
    where: { customerId: customer.id },
    orderBy: { closeDate: "asc" },
    select: { closeDate: true },
  });
  let close = existing[0]?.closeDate ?? new Date();
  const statements = [];
  const transactions = [];
  for (let n = existing.length; n < BILLING_STATEMENTS; n++) {
    close = new Date(Date.UTC(close.getUTCFullYear(), close.getUTCMonth(), 0)); // the previous month's end
    const id = crypto.randomUUID();
    statements.push({
      id,
      branchId: branch.id,
      customerId: customer.id,
      closeDate: close,
      openingBalanceCents: 0,
      balanceCents: 0,
    });
    for (let t = 0; t < TRANSACTIONS_PER_STATEMENT; t++) {
      const payment = t === TRANSACTIONS_PER_STATEMENT - 1;
      transactions.push({
        branchId: branch.id,
        customerId: customer.id,
        statementId: id,
        kind: payment ? ("PAYMENT" as const) : ("CHARGE" as const),
        datePosted: new Date(close.getTime() - (TRANSACTIONS_PER_STATEMENT - t) * 3 * DAY_MS),
        description: payment ? "Payment, thank you" : "5 gallon spring water",
        quantity: payment ? 1 : 2,
        amountCents: payment ? -(TRANSACTIONS_PER_STATEMENT - 1) * 1398 : 1398,
        maskedAccountNumber: payment ? "XXXX1111" : "",
      });
    }
  }
  if (statements.length) {
    await prisma.statement.createMany({ data: statements });
    await prisma.transaction.createMany({ data: transactions });
  }
  // Planner statistics now, as after a while in service (PGlite has no autovacuum to gather them).
  await prisma.$executeRawUnsafe("ANALYZE");
  console.log(JSON.stringify({ customerId: customer.id }));
} finally {
  await database.close();
}
