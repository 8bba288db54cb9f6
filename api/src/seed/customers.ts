import { faker } from "@faker-js/faker";
import type { Prisma } from "../generated/prisma/client.ts";
import {
  type BranchCustomerOptions,
  type Line,
  maskCard,
  type PayMethod,
  pickRoute,
  type SimCustomer,
  TEST_CARDS,
} from "./customer-specs.ts";
import { BUSINESS_TYPES, jitter, phoneNumber, streetNameFor } from "./places.ts";
import { type Rows, uuid } from "./rows.ts";

// Customers of one branch: accounts, service addresses with what is delivered there, services on
// routes, billing locations, contacts and phones, purchase orders and payment methods. Every value is
// drawn from the seeded faker in a fixed order, so the same run gives the same data.

export function addCustomers(rows: Rows, opts: BranchCustomerOptions): SimCustomer[] {
  const { branchId, catalog } = opts;
  const sims: SimCustomer[] = [];
  const item = (part: string) => catalog.get(part)!;

  for (let i = 0; i < opts.count; i++) {
    const special = opts.special?.[i];
    const accountNumber = String(opts.firstAccount + i);
    const customerId = uuid();
    const isBusiness = !special && faker.datatype.boolean(0.3);
    const status: Prisma.CustomerCreateManyInput["status"] = special
      ? "ACTIVE"
      : faker.helpers.weightedArrayElement([
          { weight: 94, value: "ACTIVE" as const },
          { weight: 3, value: "INACTIVE" as const },
          { weight: 3, value: "PROSPECT" as const },
        ]);
    const firstName = special?.firstName ?? faker.person.firstName();
    const lastName = special?.lastName ?? faker.person.lastName();
    const company = isBusiness
      ? `${faker.helpers.arrayElement(opts.businessPrefixes)} ${faker.helpers.arrayElement(BUSINESS_TYPES)}`
      : "";
    const name = isBusiness ? company : `${firstName} ${lastName}`;
    const isInvoice = isBusiness && faker.datatype.boolean(0.65);
    const poRequired = isInvoice && i > 0 && faker.datatype.boolean(0.12);
    const securityCode = special?.securityCode ?? faker.string.numeric(4);
    const createdAt =
      special?.createdAt ??
      (status === "PROSPECT"
        ? faker.date.between({ from: "2026-10-01T00:00:00Z", to: "2026-11-15T00:00:00Z" })
        : faker.date.between({ from: "2018-03-01T00:00:00Z", to: "2026-04-15T00:00:00Z" }));

    // service addresses (the first one doubles as the billing address)
    const addressCount = special ? 1 : faker.datatype.boolean(isBusiness ? 0.2 : 0.05) ? 2 : 1;
    const addressIds: string[] = [];
    const plans: SimCustomer["plans"] = [];
    const rentals: SimCustomer["rentals"] = [];
    let billing: { address1: string; address2: string; city: string; state: string; postalCode: string } | undefined;
    for (let a = 0; a < addressCount; a++) {
      const zip =
        special && a === 0 ? opts.zips.find((z) => z.zip === special.zip)! : faker.helpers.arrayElement(opts.zips);
      const streetNumber = special?.streetNumber ?? String(faker.number.int({ min: 100, max: 12999 }));
      const streetName = special?.streetName ?? streetNameFor();
      const address2 =
        isBusiness && faker.datatype.boolean(0.5)
          ? `Suite ${faker.number.int({ min: 1, max: 4 })}${faker.string.numeric(2)}`
          : "";
      const coords = special ? { latitude: special.latitude, longitude: special.longitude } : jitter(zip);
      const addressId = uuid();
      addressIds.push(addressId);
      rows.addresses.push({
        id: addressId,
        branchId,
        customerId,
        referenceNumber: `${accountNumber}-${a + 1}`,
        streetNumber,
        streetName,
        address2,
        firstName: isBusiness ? "" : firstName,
        lastName: isBusiness ? "" : lastName,
        company: isBusiness
          ? a === 0
            ? company
            : `${company} (${zip.city === "Austin" ? "Location 2" : zip.city})`
          : "",
        city: zip.city,
        state: zip.state,
        postalCode: zip.zip,
        latitude: coords.latitude,
        longitude: coords.longitude,
        geocodeConfidence: "HIGH",
        inactive: status === "INACTIVE",
        createdAt,
      });
      if (a === 0)
        billing = {
          address1: `${streetNumber} ${streetName}`,
          address2,
          city: zip.city,
          state: zip.state,
          postalCode: zip.zip,
        };

      // what is delivered here
      const water = special
        ? item("5G-SPRING")
        : item(
            faker.helpers.weightedArrayElement([
              { weight: 70, value: "5G-SPRING" },
              { weight: 12, value: "5G-DISTILLED" },
              { weight: 10, value: "3G-SPRING" },
              { weight: 8, value: "5G-ALKALINE" },
            ]),
          );
      const waterQty = special
        ? 3
        : isBusiness
          ? faker.number.int({ min: 3, max: 8 })
          : faker.number.int({ min: 2, max: 4 });
      const wantsSalt = !special && !!opts.saltRoute && faker.datatype.boolean(isBusiness ? 0.05 : 0.18);
      const items: Line[] = [{ catalog: water, quantity: waterQty, unitPrice: water.spec.price }];
      const extras: Line[] = [];
      if (wantsSalt) {
        const salt = item(faker.datatype.boolean(0.8) ? "SALT-40" : "SALT-KCL-40");
        items.push({ catalog: salt, quantity: faker.number.int({ min: 2, max: 4 }), unitPrice: salt.spec.price });
        items.push({ catalog: item("FLT-SED-10"), quantity: 1, unitPrice: item("FLT-SED-10").spec.price });
      } else {
        const rental = special || faker.datatype.boolean(isBusiness ? 0.7 : 0.4);
        if (rental) {
          const r = item(special || faker.datatype.boolean(0.7) ? "DISP-HC-RENT" : "DISP-BL-RENT");
          const line = { catalog: r, quantity: 1, unitPrice: r.spec.price };
          extras.push(line);
          rentals.push({ addressId, line });
        }
        if (isBusiness && faker.datatype.boolean(0.7)) {
          const cups = item("CUP-SLEEVE");
          extras.push({ catalog: cups, quantity: faker.number.int({ min: 1, max: 3 }), unitPrice: cups.spec.price });
        }
      }
      // an occasional negotiated price on the main product
      if (isBusiness && !special && faker.datatype.boolean(0.25)) items[0]!.unitPrice = water.spec.price - 200;
      for (const line of [...items, ...extras].slice(0, 3)) {
        rows.addressItems.push({
          id: uuid(),
          branchId,
          serviceAddressId: addressId,
          catalogItemId: line.catalog.id,
          defaultQuantity: line.quantity,
          unitPriceCents: line.unitPrice === line.catalog.spec.price ? null : line.unitPrice,
        });
      }

      // services
      const route = special ? opts.routes.get(special.route)! : pickRoute(opts, zip.zip);
      const interval =
        special?.interval ??
        faker.helpers.weightedArrayElement([
          { weight: isBusiness ? 45 : 15, value: 1 },
          { weight: 55, value: 2 },
          { weight: isBusiness ? 5 : 30, value: 4 },
        ]);
      const waterLine = items[0]!;
      const cupsLine = extras.find((l) => l.catalog.spec.part === "CUP-SLEEVE");
      const fixed = !!special;
      // Quantities vary a little per delivery; drawn up front so the faker sequence never depends on dates.
      const variations = Array.from({ length: 30 }, () => (fixed ? 0 : faker.helpers.arrayElement([-1, 0, 0, 0, 1])));
      const cupDays = Array.from({ length: 30 }, () => faker.datatype.boolean(0.5));
      const waterServiceId = uuid();
      rows.services.push({
        id: waterServiceId,
        branchId,
        serviceAddressId: addressId,
        productCodeId: waterLine.catalog.id,
        routeId: route.id,
        routeFrequencyInterval: interval,
        nextDeliveryDate: status === "INACTIVE" ? null : route.nextDate,
        inactive: status === "INACTIVE",
      });
      plans.push({
        addressId,
        plan: {
          serviceId: waterServiceId,
          route,
          interval,
          deliveries: (j) => {
            const lines: Line[] = [
              { ...waterLine, quantity: Math.max(1, waterLine.quantity + variations[j % variations.length]!) },
            ];
            if (cupsLine && cupDays[j % cupDays.length]) lines.push(cupsLine);
            return lines;
          },
        },
      });
      if (wantsSalt) {
        const saltRoute = opts.routes.get(opts.saltRoute!)!;
        const saltServiceId = uuid();
        rows.services.push({
          id: saltServiceId,
          branchId,
          serviceAddressId: addressId,
          productCodeId: items[1]!.catalog.id,
          routeId: saltRoute.id,
          routeFrequencyInterval: 4,
          nextDeliveryDate: status === "INACTIVE" ? null : saltRoute.nextDate,
          inactive: status === "INACTIVE",
        });
        const saltLine = items[1]!;
        const filterLine = items[2]!;
        plans.push({
          addressId,
          plan: {
            serviceId: saltServiceId,
            route: saltRoute,
            interval: 4,
            deliveries: (j) => (j % 3 === 0 ? [saltLine, filterLine] : [saltLine]),
          },
        });
      }
    }

    // billing location
    const locationId = uuid();
    const poBox = isBusiness && faker.datatype.boolean(0.15);
    rows.locations.push({
      id: locationId,
      branchId,
      address1: poBox ? `PO Box ${faker.number.int({ min: 1000, max: 9999 })}` : billing!.address1,
      address2: poBox ? "" : billing!.address2,
      attentionName: isBusiness ? "Accounts Payable" : "",
      city: billing!.city,
      company: company,
      state: billing!.state,
      postalCode: billing!.postalCode,
      firstName: isBusiness ? "" : firstName,
      lastName: isBusiness ? "" : lastName,
      email: special?.email ?? "",
      externalId: `LOC-${accountNumber}`,
    });
    rows.customers.push({
      id: customerId,
      branchId,
      accountNumber,
      securityCode,
      name,
      status,
      billingType: isInvoice ? "INVOICE" : "STATEMENT",
      isInvoiceAccount: isInvoice,
      purchaseOrderRequired: poRequired,
      billingLocationId: locationId,
      createdAt,
    });

    // contacts
    const contactCount = special
      ? 1
      : isBusiness
        ? faker.number.int({ min: 1, max: 2 })
        : faker.datatype.boolean(0.25)
          ? 2
          : 1;
    let billingEmail = special?.email ?? "";
    for (let c = 0; c < contactCount; c++) {
      const cFirst = c === 0 && !isBusiness ? firstName : faker.person.firstName();
      // a second residential contact is a family member
      const cLast = isBusiness ? faker.person.lastName() : lastName;
      const email =
        special?.email ??
        faker.internet.email({ firstName: cFirst, lastName: cLast, provider: "example.com" }).toLowerCase();
      const role: "ADMINISTRATOR" | "BILLING" = special
        ? "ADMINISTRATOR"
        : c === 0
          ? faker.helpers.arrayElement(["ADMINISTRATOR", "BILLING"] as const)
          : "BILLING";
      if (role === "BILLING" || !billingEmail) billingEmail = email;
      const contactId = uuid();
      rows.contacts.push({
        id: contactId,
        branchId,
        customerId,
        userId: special?.userId ?? null,
        firstName: cFirst,
        lastName: cLast,
        email,
        role,
        createdAt,
      });
      const phoneCount = special ? 1 : faker.datatype.boolean(0.3) ? 2 : 1;
      for (let p = 0; p < phoneCount; p++) {
        const mobile = p === 0 && (special || !isBusiness || faker.datatype.boolean(0.5));
        rows.phones.push({
          id: uuid(),
          branchId,
          contactId,
          sortOrder: p,
          phoneNumber: special && p === 0 ? special.phone : phoneNumber(opts.areaCode),
          textable: mobile && (special ? true : faker.datatype.boolean(0.8)),
          callable: true,
          isBillingPhone: p === 0 && role === "BILLING",
          phoneTypeId: mobile ? "MOBILE" : isBusiness ? "WORK" : "HOME",
          comments: !mobile && isBusiness ? "Front desk" : "",
        });
      }
    }
    if (!special) rows.locations[rows.locations.length - 1]!.email = billingEmail;

    // purchase orders
    const purchaseOrders: SimCustomer["purchaseOrders"] = [];
    if (poRequired) {
      const n = faker.number.int({ min: 1, max: 2 });
      for (let p = 0; p < n; p++) {
        const po = { id: uuid(), number: `PO-${faker.string.numeric(5)}` };
        if (purchaseOrders.some((x) => x.number === po.number)) continue;
        purchaseOrders.push(po);
        rows.purchaseOrders.push({
          id: po.id,
          branchId,
          customerId,
          number: po.number,
          description: p === 0 ? "Water service FY2026" : "Break room supplies",
        });
      }
    }

    // how they pay
    let payMethod: PayMethod = { kind: "CHECK" };
    // The special customers pay by check unless they have a card on file.
    const methodKind = special
      ? special.card
        ? "CARD"
        : "CHECK"
      : faker.helpers.weightedArrayElement([
          { weight: 50, value: "CARD" as const },
          { weight: 20, value: "ACH" as const },
          { weight: 30, value: "CHECK" as const },
        ]);
    if (methodKind === "CARD") {
      const card = special?.card ? TEST_CARDS[0]! : faker.helpers.arrayElement(TEST_CARDS);
      const paymentAccountId = uuid();
      const expiration =
        special?.card?.expiration ??
        `${String(faker.number.int({ min: 1, max: 12 })).padStart(2, "0")}${faker.number.int({ min: 27, max: 30 })}`;
      rows.paymentAccounts.push({
        id: paymentAccountId,
        branchId,
        customerId,
        kind: "CARD",
        externalId: special?.card?.externalId ?? `sandbox-vault-${accountNumber}`,
        cardType: card.cardType,
        nameOnAccount: isBusiness ? company : `${firstName} ${lastName}`,
        maskedAccountNumber: maskCard(card),
        expiration,
        isDefault: true,
        createdAt,
      });
      payMethod = { kind: "CARD", paymentAccountId, masked: maskCard(card), label: card.label };
    } else if (methodKind === "ACH") {
      const paymentAccountId = uuid();
      const last4 = faker.string.numeric(4);
      const masked = `******${last4}`;
      rows.paymentAccounts.push({
        id: paymentAccountId,
        branchId,
        customerId,
        kind: "ACH",
        externalId: `sandbox-vault-${accountNumber}`,
        accountType: faker.datatype.boolean(0.85) ? "CHECKING" : "SAVINGS",
        nameOnAccount: isBusiness ? company : `${firstName} ${lastName}`,
        maskedAccountNumber: masked,
        isDefault: true,
        createdAt,
      });
      payMethod = { kind: "ACH", paymentAccountId, masked };
    }

    const payBehavior: SimCustomer["payBehavior"] = special
      ? "GOOD"
      : faker.helpers.weightedArrayElement([
          { weight: 82, value: "GOOD" as const },
          { weight: 9, value: "PARTIAL" as const },
          { weight: 9, value: "LATE" as const },
        ]);

    if (opts.withHistory && status === "ACTIVE") {
      sims.push({
        id: customerId,
        accountNumber,
        name,
        isInvoice,
        payBehavior,
        payMethod,
        addressId: addressIds[0]!,
        addressIds,
        plans,
        rentals,
        purchaseOrders,
        fixedQuantities: !!special,
      });
    }
  }
  return sims;
}
